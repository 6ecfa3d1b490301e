// The shared-package contract between the shell and its remotes: every package a remote shares as
// a singleton runs in the one copy the shell provides, so the remote's required range must accept
// the shell's version. Pure: scripts/check-shared-contract.mjs gathers the inputs from the tree.
import semver from 'semver';

/** Every singleton requirement of a remote that the shell's version breaks (types: shared-contract.d.mts). */
export function findContractBreaks({ shell, remotes }) {
  const breaks = [];
  for (const remote of remotes) {
    for (const { pkg, range, source, singleton } of remote.requires) {
      if (!singleton) continue;
      const provided = shell.provides[pkg];
      const add = (reason) =>
        breaks.push({
          remote: remote.name,
          pkg,
          required: range,
          source,
          provided: provided?.version,
          message: reason,
        });
      const shellSide = provided
        ? `${shell.name} provides ${provided.version ?? 'no installed version'}${provided.declared ? ` (declares ${provided.declared})` : ''}`
        : '';
      if (!provided) {
        add(`${remote.name} shares ${pkg} as a singleton (${range}, ${source}), but ${shell.name} does not provide it`);
      } else if (!semver.validRange(range)) {
        add(`${remote.name} requires ${pkg} "${range}" (${source}), which is not a semver range; ${shellSide}`);
      } else if (!semver.valid(provided.version ?? '') || !semver.satisfies(provided.version, range)) {
        add(`${remote.name} requires ${pkg} ${range} (${source}), but ${shellSide}`);
      }
    }
  }
  return breaks;
}
