import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The repository root, where Dockerfile, docker-compose.yml, docker/ and k8s/ live. */
export const repoRoot = join(__dirname, '..', '..', '..');

export const readRepoFile = (path: string): string => readFileSync(join(repoRoot, path), 'utf8');

/** The remotes' folders under /mfe/, as services/src/config/app-config.ts names them. */
export const REMOTE_FOLDERS = ['generator', 'billing', 'blog', 'blog-admin', 'admin'] as const;

export interface ComposeHealthcheck {
  test?: string | string[];
  disable?: boolean;
}
export interface ComposeService {
  image?: string;
  build?: string | { context: string; dockerfile?: string; args?: Record<string, string> };
  command?: string | string[];
  environment?: Record<string, string>;
  healthcheck?: ComposeHealthcheck;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  restart?: string;
  networks?: Record<string, { aliases?: string[] }>;
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** docker-compose.yml with its YAML anchors and merge keys resolved, as Compose reads it. */
export function loadCompose(): ComposeFile {
  return parse(readRepoFile('docker-compose.yml'), { merge: true }) as ComposeFile;
}

/** KEY=value lines of a dotenv file (comments and blank lines skipped). */
export function parseDotenv(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) vars[match[1]!] = match[2]!;
  }
  return vars;
}

/**
 * Compose's interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?message}, ${VAR?message}
 * and $$ for a literal $. A required variable that is missing throws with its message, as
 * `docker compose` refuses to start.
 */
export function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:?)([-?])([^}]*))?\}/g, (whole, name, colon, op, arg) => {
    if (whole === '$$') return '$';
    const set = name in vars && (colon !== ':' || vars[name] !== '');
    if (set) return vars[name];
    if (op === '?') throw new Error(`${name}: ${arg}`);
    return op === '-' ? arg : '';
  });
}

export interface NginxLocation {
  match: string;
  exact: boolean;
  proxyPass: string | null;
  body: string;
}

/**
 * The `location` blocks of an nginx server (not nested in one another, as our configs have), with a
 * `proxy_pass $name` resolved through the server's `set $name <url>;`.
 */
export function nginxLocations(conf: string): NginxLocation[] {
  const locations: NginxLocation[] = [];
  const vars = new Map([...conf.matchAll(/^\s*set \$(\w+) ([^;\s]+);/gm)].map((m) => [`$${m[1]}`, m[2]!]));
  // A location's body may hold blocks of its own (limit_except), not further locations.
  const pattern = /location\s+(=\s*|~\s*)?(\S+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g;
  for (let m = pattern.exec(conf); m; m = pattern.exec(conf)) {
    const [, modifier = '', match = '', body = ''] = m;
    const proxy = /proxy_pass\s+([^;\s]+);/.exec(body);
    const target = proxy?.[1] ?? null;
    locations.push({ match, exact: modifier.trim() === '=', proxyPass: (target && vars.get(target)) ?? target, body });
  }
  return locations;
}

/** The top-level `server { … }` blocks of an nginx conf.d file, each with the ports it listens on. */
export function nginxServers(conf: string): { listen: number[]; text: string }[] {
  const servers: { listen: number[]; text: string }[] = [];
  for (let start = conf.search(/^server\s*\{/m); start >= 0;) {
    let depth = 0;
    let end = conf.indexOf('{', start);
    do {
      if (conf[end] === '{') depth++;
      else if (conf[end] === '}') depth--;
      end++;
    } while (depth > 0 && end < conf.length);
    const text = conf.slice(start, end);
    servers.push({ listen: [...text.matchAll(/^\s*listen (\d+);/gm)].map((m) => Number(m[1])), text });
    const next = conf.slice(end).search(/^server\s*\{/m);
    start = next < 0 ? -1 : end + next;
  }
  return servers;
}
