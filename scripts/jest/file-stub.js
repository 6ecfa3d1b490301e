// A media import is its URL in the build; in tests, the file's name stands in for it.
const { basename } = require('node:path');

module.exports = {
  process: (_source, path) => ({ code: `module.exports = ${JSON.stringify(basename(path))};` }),
};
