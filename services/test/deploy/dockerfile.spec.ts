import { spawn } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readRepoFile, REMOTE_FOLDERS, repoRoot } from './deploy-files';

// No container runtime here (and the docker client has no buildx for `docker build --check`), so the
// Dockerfiles are checked by reading them: stages, user, health check, and that every file they copy
// from the build context exists and is not excluded by .dockerignore.

interface Instruction {
  stage: string;
  op: string;
  args: string;
}

function parseDockerfile(text: string): Instruction[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  let stage = '';
  return lines.map((line) => {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === 'FROM') stage = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? `#${line}`;
    return { stage, op: op.toUpperCase(), args };
  });
}

/** .dockerignore semantics: patterns from the context root, `*` within a segment, `**` across, `!` re-includes. */
function isIgnored(path: string, patterns: string[]): boolean {
  let ignored = false;
  for (const raw of patterns) {
    const negate = raw.startsWith('!');
    const pattern = negate ? raw.slice(1) : raw;
    const regex = new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '(.*/)?')
        .replace(/\*\*/g, '.*')
        .replace(/\*/g, '[^/]*')}(/.*)?$`,
    );
    if (regex.test(path)) ignored = !negate;
  }
  return ignored;
}

const dockerignore = readRepoFile('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

/** The build-context sources of each COPY (not --from), with build arguments substituted. */
function contextSources(instructions: Instruction[], args: Record<string, string> = {}): string[] {
  return instructions
    .filter((i) => i.op === 'COPY' && !i.args.includes('--from='))
    .flatMap((i) => {
      const parts = i.args.split(/\s+/).filter((p) => !p.startsWith('--'));
      return parts.slice(0, -1).map((p) => p.replace(/\$\{(\w+)\}/g, (_, name: string) => args[name] ?? ''));
    });
}

function expectCopiesResolve(instructions: Instruction[], args: Record<string, string> = {}): void {
  for (const source of contextSources(instructions, args)) {
    expect([source, existsSync(join(repoRoot, source))]).toEqual([source, true]);
    expect([source, isIgnored(source, dockerignore)]).toEqual([source, false]);
  }
  const stages = new Set<string>();
  for (const i of instructions) {
    const from = /--from=(\S+)/.exec(i.args)?.[1];
    if (i.op === 'COPY' && from) expect([i.args, stages.has(from)]).toEqual([i.args, true]);
    if (i.op === 'FROM') stages.add(i.stage);
  }
}

const finalStage = (instructions: Instruction[]) => instructions.filter((i) => i.stage === instructions.at(-1)!.stage);
const argsOf = (instructions: Instruction[], op: string) => instructions.filter((i) => i.op === op).map((i) => i.args);

describe('Dockerfile (service image)', () => {
  const instructions = parseDockerfile(readRepoFile('Dockerfile'));
  const runtime = finalStage(instructions);

  it('builds in stages on Node 22 and runs a slim runtime stage', () => {
    expect([...new Set(instructions.map((i) => i.stage))]).toEqual([
      '',
      'previous',
      'deps',
      'build',
      'prod-deps',
      'runtime',
    ]);
    expect(instructions[0]).toMatchObject({ op: 'ARG', args: expect.stringMatching(/^NODE_IMAGE=node:22[-.]/) });
    expect(argsOf(instructions, 'FROM')).toEqual([
      '${PREVIOUS_IMAGE} AS previous',
      '${NODE_IMAGE} AS deps',
      'deps AS build',
      'deps AS prod-deps',
      '${NODE_IMAGE} AS runtime',
    ]);
    const run = (stage: string) => instructions.filter((i) => i.stage === stage && i.op === 'RUN').map((i) => i.args);
    // better-sqlite3 may compile itself; the runtime carries only production dependencies.
    expect(run('deps').join(' ')).toMatch(/python3 make g\+\+/);
    expect(run('deps').join(' ')).toContain('npm ci');
    expect(run('build').at(-1)).toBe('node scripts/build.mjs');
    expect(run('prod-deps').join(' ')).toMatch(/npm ci .*--omit=dev --workspace=services/);
    expect(
      instructions.filter((i) => i.stage === 'runtime' && i.op === 'COPY' && i.args.includes('--from=deps')),
    ).toEqual([]);
  });

  it('copies every workspace manifest before npm ci, so the lockfile matches', () => {
    const workspaces = (JSON.parse(readRepoFile('package.json')) as { workspaces: string[] }).workspaces;
    const copied = contextSources(instructions.filter((i) => i.stage === 'deps'));
    expect(copied).toEqual(expect.arrayContaining(['package.json', 'package-lock.json']));
    expect(copied.filter((c) => c.endsWith('/package.json')).sort()).toEqual(
      workspaces.map((w) => `${w}/package.json`).sort(),
    );
  });

  it('runs as a non-root numeric user with a health check on /api/health/ready, port 3000 and DATA_DIR only', () => {
    expect(argsOf(runtime, 'USER')).toEqual(['1000:1000']);
    expect(argsOf(runtime, 'EXPOSE')).toEqual(['3000']);
    expect(argsOf(runtime, 'HEALTHCHECK')).toEqual([
      expect.stringContaining('CMD ["node", "/app/docker/healthcheck.mjs"]'),
    ]);
    expect(readRepoFile('docker/healthcheck.mjs')).toContain('/api/health/ready');
    expect(argsOf(runtime, 'CMD')).toEqual(['["node", "services/dist/main.js"]']);
    const env = argsOf(runtime, 'ENV').join(' ');
    for (const setting of ['NODE_ENV=production', 'ROLE=all', 'PORT=3000', 'DATA_DIR=/data', 'METRICS_HOST=0.0.0.0'])
      expect(env).toContain(setting);
    // The site's address stays the config's choice: loopback while dev sign-in is on.
    expect(env).not.toMatch(/(^|\s)HOST=/);
    expect(argsOf(runtime, 'VOLUME')).toEqual(['["/data"]']);
    expect(argsOf(runtime, 'RUN').join(' ')).toMatch(/chown 1000:1000 \/data/);
  });

  it('carries the fonts the local renderer letters prompts with, Chinese included', () => {
    const installed = argsOf(runtime, 'RUN').join(' ');
    for (const pkg of ['fontconfig', 'fonts-dejavu-core', 'fonts-noto-cjk']) expect(installed).toContain(pkg);
    // The renderer asks fontconfig for a generic family, which these packages provide.
    expect(readRepoFile('services/src/video/providers/local/prompt-lettering.ts')).toMatch(/font: `sans-serif/);
  });

  it('copies only files that exist and that .dockerignore lets into the context', () => {
    expectCopiesResolve(instructions);
    expect(isIgnored('services/dist', dockerignore)).toBe(true);
    expect(isIgnored('node_modules/react/index.js', dockerignore)).toBe(true);
    expect(isIgnored('mfe-blog/node_modules/x', dockerignore)).toBe(true);
    expect(isIgnored('.env', dockerignore)).toBe(true);
    expect(isIgnored('e2e/tests/x.spec.ts', dockerignore)).toBe(true);
    expect(isIgnored('e2e/package.json', dockerignore)).toBe(false);
  });
});

/**
 * The packages `npm ci --omit=dev --workspace=services` installs: the services' dependencies and,
 * through package-lock.json, everything they depend on (optional dependencies and required peers).
 */
function servicesProductionClosure(): Set<string> {
  type LockEntry = {
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
  const lock = JSON.parse(readRepoFile('package-lock.json')) as { packages: Record<string, LockEntry> };
  const entryOf = (name: string): LockEntry | undefined =>
    lock.packages[`node_modules/${name}`] ??
    Object.entries(lock.packages).find(([key]) => key.endsWith(`/node_modules/${name}`))?.[1];
  const closure = new Set<string>();
  const queue = Object.keys(lock.packages.services?.dependencies ?? {});
  while (queue.length) {
    const name = queue.pop()!;
    if (closure.has(name)) continue;
    closure.add(name);
    const entry = entryOf(name);
    // npm installs peers too, except those marked optional.
    const peers = Object.keys(entry?.peerDependencies ?? {}).filter((p) => !entry?.peerDependenciesMeta?.[p]?.optional);
    queue.push(...Object.keys({ ...entry?.dependencies, ...entry?.optionalDependencies }), ...peers);
  }
  return closure;
}

/** Packages the compiled services load at run time (type-only imports vanish in the build). */
function runtimeImports(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.ts$/.test(entry.name) || /\.(spec|d)\.ts$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const source = readFileSync(path, 'utf8');
    const specifiers = [
      ...[...source.matchAll(/^import\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)'/gm)]
        .filter(([, typeOnly, clause = '']) => {
          if (typeOnly) return false;
          const named = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
          return !named || named.split(',').some((item) => item.trim() && !item.trim().startsWith('type '));
        })
        .map((m) => m[3]!),
      ...[...source.matchAll(/^import\s+'([^']+)'/gm)].map((m) => m[1]!),
      ...[...source.matchAll(/\b(?:require|import)\('([^']+)'\)/g)].map((m) => m[1]!),
    ];
    for (const specifier of specifiers) {
      if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
      if (!found.has(pkg)) found.set(pkg, path.slice(repoRoot.length + 1));
    }
  }
  return found;
}

describe('the service image runtime dependencies', () => {
  it('hold every package the compiled services load (npm ci --omit=dev --workspace=services)', () => {
    const closure = servicesProductionClosure();
    expect(closure.has('better-sqlite3')).toBe(true);
    for (const devOnly of ['typescript', 'jest', '@rspack/core', 'react'])
      expect([devOnly, closure.has(devOnly)]).toEqual([devOnly, false]);
    const imports = runtimeImports(join(repoRoot, 'services', 'src'));
    expect(imports.size).toBeGreaterThan(10);
    const missing = [...imports].filter(([pkg]) => !closure.has(pkg)).map(([pkg, file]) => `${pkg} (${file})`);
    expect(missing).toEqual([]);
  });
});

describe('docker/static.Dockerfile (one remote)', () => {
  const instructions = parseDockerfile(readRepoFile('docker/static.Dockerfile'));
  const runtime = finalStage(instructions);

  it('accepts exactly the four remote folders as APP', () => {
    const guard = instructions.find((i) => i.op === 'RUN' && i.args.includes('case'))!.args;
    expect(/in (\S+)\)/.exec(guard)?.[1]?.split('|')).toEqual([...REMOTE_FOLDERS]);
  });

  it.each(REMOTE_FOLDERS)('builds and serves %s from files that exist in the context', (app) => {
    expectCopiesResolve(instructions, { APP: app });
    expect(existsSync(join(repoRoot, `mfe-${app}`, 'rspack.config.mjs'))).toBe(true);
  });

  it('serves under /mfe/<APP>/ as unprivileged nginx with a health check', () => {
    expect(argsOf(runtime, 'COPY')).toEqual([
      'docker/nginx/remote.conf /etc/nginx/conf.d/default.conf',
      '--from=build /app/mfe-${APP}/dist /usr/share/nginx/html/mfe/${APP}/',
      '--from=build /app/releases/${APP} /usr/share/nginx/html/mfe/${APP}/',
    ]);
    expect(argsOf(runtime, 'USER')).toEqual(['101']);
    expect(argsOf(runtime, 'EXPOSE')).toEqual(['8080']);
    expect(argsOf(runtime, 'HEALTHCHECK')).toEqual([expect.stringContaining('http://127.0.0.1:8080/api/health')]);
    expect(argsOf(instructions, 'RUN')).toContain('node scripts/build.mjs mfe-${APP}');
  });

  it("carries the previous image's releases in before the build publishes its own (REMOTE_RETENTION)", () => {
    expect(/^ARG PREVIOUS_IMAGE=\$\{NGINX_IMAGE\}$/m.test(readRepoFile('docker/static.Dockerfile'))).toBe(true);
    const build = instructions.filter((i) => i.stage === 'build');
    const carry = build.findIndex(
      (i) =>
        i.op === 'RUN' &&
        i.args.includes('--mount=type=bind,from=previous,source=/usr/share/nginx/html,target=/previous') &&
        i.args.includes('node scripts/publish-release.mjs ${APP} --carry /previous/mfe/${APP}'),
    );
    const publish = build.findIndex((i) => i.op === 'RUN' && i.args === 'node scripts/build.mjs mfe-${APP}');
    expect(carry).toBeGreaterThan(-1);
    expect(publish).toBeGreaterThan(carry);
    expect(build.some((i) => i.op === 'ARG' && i.args === 'REMOTE_RETENTION=5,14d')).toBe(true);
  });

  it("the service image carries the previous image's shell asset releases, for pages opened before it", () => {
    const service = parseDockerfile(readRepoFile('Dockerfile'));
    const build = service.filter((i) => i.stage === 'build');
    const carry = build.findIndex(
      (i) =>
        i.op === 'RUN' &&
        i.args.includes('--mount=type=bind,from=previous,source=/,target=/previous') &&
        i.args.includes('node scripts/publish-release.mjs shell --carry /previous/app/releases/shell'),
    );
    expect(carry).toBeGreaterThan(-1);
    expect(build.findIndex((i) => i.op === 'RUN' && i.args === 'node scripts/build.mjs')).toBeGreaterThan(carry);
    expect(argsOf(finalStage(service), 'COPY')).toContain('--from=build /app/releases/shell releases/shell');
  });
});

describe('docker/healthcheck.mjs (the service image HEALTHCHECK)', () => {
  let server: Server;
  let status = 200;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.statusCode = request.url === '/api/health/ready' ? status : 404;
      response.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  // Asynchronous: the server answering the check runs in this process.
  const check = (port: number) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [join(repoRoot, 'docker', 'healthcheck.mjs')], {
        env: { ...process.env, PORT: String(port) },
        stdio: 'ignore',
      });
      child.on('exit', resolve);
    });

  it('exits 0 while /api/health/ready answers 200, 1 on 503 or when nothing listens', async () => {
    const { port } = server.address() as AddressInfo;
    status = 200;
    expect(await check(port)).toBe(0);
    status = 503;
    expect(await check(port)).toBe(1);
    expect(await check(1)).toBe(1);
  });
});
