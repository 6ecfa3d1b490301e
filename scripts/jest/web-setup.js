require('@testing-library/jest-dom');
const { TextDecoder, TextEncoder } = require('node:util');

// jsdom lacks TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// React 19 warns unless the test environment says it wraps updates in act().
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// jsdom's Blob lacks arrayBuffer(), which every browser has: it answers from the bytes jsdom keeps
// on the Blob's implementation object (found by its symbol: jsdom's own module is not this one).
if (typeof Blob !== 'undefined' && typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer() {
    const { _buffer: bytes } = this[Object.getOwnPropertySymbols(this).find((s) => s.description === 'impl')];
    return Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  };
}
