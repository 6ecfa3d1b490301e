import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServices, REPO_ROOT, startServiceProcess, type ServiceProcess } from './support/service-process';
import { freePort } from './support/video-client';

jest.setTimeout(120_000);

/** An IPv4 address of this machine other than loopback: where another machine on the network would connect. */
function networkAddress(): string {
  const found = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
  if (!found) throw new Error('this machine has no IPv4 address besides loopback to connect from');
  return found.address;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
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
  const elsewhere = networkAddress();
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
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts('127.0.0.1', metricsPort)).toBe(true);
    expect([elsewhere, await accepts(elsewhere, port)]).toEqual([elsewhere, false]);
    expect([elsewhere, await accepts(elsewhere, metricsPort)]).toEqual([elsewhere, false]);
  });

  it('opens them to the network only when HOST and METRICS_HOST say so, warning about dev sign-in', async () => {
    const { port, metricsPort, output } = await start({
      ...TRIAL,
      HOST: '0.0.0.0',
      METRICS_HOST: '0.0.0.0',
      JWT_SECRET: randomBytes(32).toString('hex'),
    });
    expect(await accepts(elsewhere, port)).toBe(true);
    expect(await accepts(elsewhere, metricsPort)).toBe(true);
    expect(output()).toContain(
      `WARNING: HOST=0.0.0.0 with development sign-in on (DEV_LOGIN): anyone who reaches port ${port} can sign in as any e-mail`,
    );
  });

  it('keeps the metrics on loopback when only HOST opens the server', async () => {
    const { port, metricsPort, output } = await start({ HOST: '0.0.0.0', DEV_LOGIN: 'false' });
    expect(await accepts(elsewhere, port)).toBe(true);
    expect(await accepts(elsewhere, metricsPort)).toBe(false);
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
    expect(await accepts('127.0.0.1', port)).toBe(false);
  });
});
