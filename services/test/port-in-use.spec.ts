import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServices, REPO_ROOT, startServiceProcess, type ServiceProcess } from './support/service-process';
import { freePort } from './support/video-client';

jest.setTimeout(120_000);

describe('a second server on a taken port (services/dist/main.js, issue 32)', () => {
  const dataDirs = [mkdtempSync(join(tmpdir(), 'veo3-port-a-')), mkdtempSync(join(tmpdir(), 'veo3-port-b-'))];
  let first: ServiceProcess | null = null;

  beforeAll(() => buildServices());
  afterAll(async () => {
    await first?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('prints one line saying what to do and exits 1, with no stack trace and no start-up noise', async () => {
    const port = await freePort();
    first = startServiceProcess('first', 'main.js', port, { DATA_DIR: dataDirs[0]! });
    await first.ready();

    const second = spawnSync(process.execPath, [join(REPO_ROOT, 'services', 'dist', 'main.js')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDirs[1]!, PORT: String(port), METRICS_PORT: 'off' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr.trim()).toBe(
      `Port ${port} is already in use (another npm start?). Stop it, or run with PORT=${port + 1} npm start.`,
    );
    expect(second.stdout).toBe('');
    // The first server is untouched.
    expect((await fetch(`${first.baseUrl}/api/health`)).status).toBe(200);
  });

  it("logs its start-up in one format: pino's JSON lines, none coloured, Nest's per-module lines left to LOG_LEVEL=debug", () => {
    const lines = first!
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines.join('\n')).not.toContain('\u001b[');
    const text = lines.filter((line) => !line.startsWith('{'));
    // The banner is the one line for people: it says where to go.
    expect(text).toEqual([expect.stringMatching(/^Veo 3 Studio is serving http:\/\/localhost:\d+ \(port \d+\)$/)]);
    // Nest's line per module and per route (dozens of them) is gone; how many JSON lines the rest
    // makes depends on the environment's settings, so it is not counted.
    expect(lines.some((line) => /InstanceLoader|RoutesResolver|RouterExplorer/.test(line))).toBe(false);
  });
});
