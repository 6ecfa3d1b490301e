import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServices, REPO_ROOT, startServiceProcess, type ServiceProcess } from './support/service-process';
import { freePort } from './support/video-client';

jest.setTimeout(120_000);

/**
 * The local addresses a listening TCP socket of this machine has on `port`, as the kernel lists
 * them (`/proc/net/tcp` and `tcp6`): what another machine could reach, read without sending it any
 * traffic. `127.0.0.1` answers loopback only; `0.0.0.0` or `::` every interface.
 */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const [file, decode] of [
    ['/proc/net/tcp', ipv4],
    ['/proc/net/tcp6', ipv6],
  ] as const) {
    for (const line of readFileSync(file, 'utf8').trim().split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, hexPort] = local!.split(':');
      // 0A: LISTEN
      if (state === '0A' && parseInt(hexPort!, 16) === port) found.push(decode(address!));
    }
  }
  return found.sort();
}

/** /proc's IPv4 address: four bytes in the host's (little-endian) order. */
function ipv4(hex: string): string {
  return [6, 4, 2, 0].map((i) => parseInt(hex.slice(i, i + 2), 16)).join('.');
}

/** /proc's IPv6 address, shortened to the forms asserted here (`::`, `::1`), else its hex. */
function ipv6(hex: string): string {
  if (/^0+$/.test(hex)) return '::';
  if (hex === '00000000000000000000000001000000') return '::1';
  return hex;
}

/** Whether a TCP connection to 127.0.0.1:port is accepted. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const TRIAL = {
  NODE_ENV: 'development',
  SITE_URL: 'http://veo3.localhost:8080',
  DEV_LOGIN: 'true',
  ADMIN_EMAILS: 'boss@example.com',
};

describe('the addresses the server and its metrics listen on (services/dist/main.js)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'veo3-listen-'));
  let running: ServiceProcess | null = null;

  beforeAll(() => buildServices());
  afterEach(async () => {
    await running?.stop();
    running = null;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function start(env: Record<string, string>) {
    const port = await freePort();
    const metricsPort = await freePort();
    running = startServiceProcess('site', 'main.js', port, {
      DATA_DIR: dataDir,
      METRICS_PORT: String(metricsPort),
      ...env,
    });
    await running.ready();
    return { port, metricsPort, output: running.output };
  }

  it('keeps dev sign-in switched on by DEV_LOGIN=true (the compose trial) and the metrics on loopback', async () => {
    const { port, metricsPort } = await start({ ...TRIAL, JWT_SECRET: 'REPLACE_ME_with_openssl_rand_hex_32' });
    expect(await accepts(port)).toBe(true);
    expect(await accepts(metricsPort)).toBe(true);
    expect(listeningAddresses(port)).toEqual(['127.0.0.1']);
    expect(listeningAddresses(metricsPort)).toEqual(['127.0.0.1']);
  });

  it('opens them to the network only when HOST and METRICS_HOST say so, warning about dev sign-in', async () => {
    const { port, metricsPort, output } = await start({
      ...TRIAL,
      HOST: '0.0.0.0',
      METRICS_HOST: '0.0.0.0',
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    expect(listeningAddresses(port)).toEqual(['0.0.0.0']);
    expect(listeningAddresses(metricsPort)).toEqual(['0.0.0.0']);
    expect(output()).toContain(
      `WARNING: HOST=0.0.0.0 with development sign-in on (DEV_LOGIN): anyone who reaches port ${port} can sign in as any e-mail`,
    );
  });

  it('keeps the metrics on loopback when only HOST opens the server', async () => {
    const { port, metricsPort, output } = await start({ HOST: '0.0.0.0', DEV_LOGIN: 'false' });
    expect(listeningAddresses(port)).toEqual(['0.0.0.0']);
    expect(listeningAddresses(metricsPort)).toEqual(['127.0.0.1']);
    expect(output()).not.toContain('WARNING');
  });

  it.each([
    [
      { ...TRIAL, HOST: '0.0.0.0', JWT_SECRET: 'REPLACE_ME_with_openssl_rand_hex_32' },
      'JWT_SECRET: still holds a placeholder value, refused while the server listens beyond loopback (HOST=0.0.0.0)',
    ],
    [
      { NODE_ENV: 'test', GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com', JWT_SECRET: 'ab'.repeat(20) },
      'JWT_SECRET: too predictable (fewer than 8 different characters), refused while the server listens beyond loopback (HOST=0.0.0.0)',
    ],
  ])('refuses to boot beyond loopback with a guessable secret whatever NODE_ENV says: %j', async (env, message) => {
    const port = await freePort();
    const result = spawnSync(process.execPath, [join(REPO_ROOT, 'services', 'dist', 'main.js')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: String(port), METRICS_PORT: 'off', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect([result.status, result.stderr]).toEqual([1, expect.stringContaining(message)]);
    expect(await accepts(port)).toBe(false);
  });
});
