import { DataSource } from 'typeorm';
import { DEFAULT_CATALOGUE } from '../src/video/catalogue/default-catalogue';
import { VideoAvailability } from '../src/video/video-availability';
import { databaseKinds } from './support/test-database';
import { createTestApp, type TestApp } from './support/test-app';

describe.each(databaseKinds())('health and migrations on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers ok after a real database round trip, with the video provider and its models', async () => {
    await t.app.get(VideoAvailability).ready();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const served = { available: true, providerModel: 'local-ffmpeg', reason: null };
    expect(res.json()).toEqual({
      status: 'ok',
      video: {
        provider: 'local',
        providers: [{ name: 'local', checkedAt: expect.any(String), lastError: null }],
        status: 'ok',
        reason: null,
        checkedAt: expect.any(String),
        lastError: null,
        // Offline, the local renderer serves the whole catalogue.
        models: Object.fromEntries(DEFAULT_CATALOGUE.map((model) => [model.id, served])),
      },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ran the migrations at start, and running them again changes nothing', async () => {
    const dataSource = t.app.get(DataSource);
    const applied = await dataSource.query('SELECT name FROM migrations');
    expect(applied.map((row: { name: string }) => row.name)).toContain('InitialUsers1763683200000');
    expect(await dataSource.showMigrations()).toBe(false);
    await expect(dataSource.runMigrations()).resolves.toEqual([]);
    await expect(dataSource.query('SELECT COUNT(*) AS n FROM users')).resolves.toHaveLength(1);
  });

  it('answers 503 with the error shape when the database is down', async () => {
    const dataSource = t.app.get(DataSource);
    await dataSource.destroy();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, code: 'HEALTH_DATABASE_DOWN' });
      // The driver's words (hosts, users, paths) stay in the log.
      expect(res.json().message).toBe('Database unavailable');
    } finally {
      await dataSource.initialize();
    }
    const again = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(again.statusCode).toBe(200);
  });
});
