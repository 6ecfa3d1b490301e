export interface ProvidedPackage {
  /** The version the shell's build puts in the share scope (installed, or set in its shared config). */
  version: string | undefined;
  /** The shell's own range for it (package.json), for the message. */
  declared?: string;
}

export interface RequiredPackage {
  pkg: string;
  range: string;
  /** Where the range comes from, named in the message (a package.json, a federation config, a manifest). */
  source: string;
  singleton: boolean;
}

export interface SharedContract {
  shell: { name: string; provides: Record<string, ProvidedPackage> };
  remotes: { name: string; requires: RequiredPackage[] }[];
}

export interface ContractBreak {
  remote: string;
  pkg: string;
  required: string;
  source: string;
  provided: string | undefined;
  message: string;
}

export function findContractBreaks(contract: SharedContract): ContractBreak[];
