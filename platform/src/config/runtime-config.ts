import type { RemoteName, RuntimeConfig } from '@veo3/contracts/runtime-config';

// Served by the API inside index.html (a JSON data block, so CSP allows it), never baked into a build;
// its shape is the contract's RuntimeConfig.

const remoteFolders: Record<RemoteName, string> = {
  generator: 'generator',
  billing: 'billing',
  blog: 'blog',
  blogAdmin: 'blog-admin',
  admin: 'admin',
};

function defaults(): RuntimeConfig {
  const origin = typeof location === 'undefined' ? 'http://localhost:3000' : location.origin;
  const remotes = Object.fromEntries(
    Object.entries(remoteFolders).map(([name, folder]) => [name, `${origin}/mfe/${folder}/mf-manifest.json`]),
  ) as Record<RemoteName, string>;
  return {
    siteUrl: origin,
    remotes,
    gaMeasurementId: null,
    googleClientId: null,
    devLogin: true,
    supportEmail: 'support@example.com',
    serviceEmail: 'service@example.com',
  };
}

let cached: RuntimeConfig | undefined;

export function getRuntimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const base = defaults();
  const node = typeof document === 'undefined' ? null : document.getElementById('app-config');
  if (!node?.textContent) return (cached = base);
  try {
    const served = JSON.parse(node.textContent) as Partial<RuntimeConfig>;
    const remotes = { ...base.remotes, ...served.remotes };
    // Remotes served by the site itself come as root-relative URLs; the federation runtime wants absolute ones.
    for (const name of Object.keys(remotes) as RemoteName[])
      remotes[name] = new URL(remotes[name], location.href).toString();
    cached = { ...base, ...served, remotes };
  } catch {
    cached = base;
  }
  return cached;
}

/** The server renderer's config (there is no document to read it from). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  cached = config;
}

/** Tests only: forget the parsed config so a new data block is read. */
export function resetRuntimeConfig(): void {
  cached = undefined;
}
