// The Node versions `engines` names (^22.15 || ^24.11): an older Node would fail later and obscurely
// (better-sqlite3 13 crashes on Node 20), so `npm start` and `npm run dev` say so first.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 15)) {
  console.error(
    `Veo 3 Studio needs Node 22.15 or newer (22 or 24); this is Node ${process.versions.node}. ` +
      'Install Node 22, or put one first on PATH (scripts/node-from-npm.sh 22.23.3 prints one), then run npm ci again.',
  );
  process.exit(1);
}
