import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CATALOGUE } from '../video/catalogue/default-catalogue';
import { ConfigError, devLoginExposure, isLoopbackHost, loadConfig } from './app-config';

const PROD_SECRET = 'a3f9c2e17b5d4088e6c1f0a29d7b3e45';

function problems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('runs with no variables at all on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.database.type).toBe('sqlite');
    expect(config.redisUrl).toBeNull();
    expect(config.stripe).toBeNull();
    expect(config.devLogin).toBe(true);
    expect(config.video.provider).toBe('local');
    expect(config.video.timeoutSeconds).toBe(900);
    expect(config.video).toMatchObject({ veoModel: 'auto', veoFastModel: 'auto', modelCheckSeconds: 600 });
    expect(config.remotes.blogAdmin).toEqual({
      manifestUrl: '/mfe/blog-admin/mf-manifest.json',
      servedHere: true,
    });
  });

  it('switches real parts on from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      SITE_URL: 'https://veo3.example/',
      DATABASE_URL: 'mysql://u:p@db:3306/veo3',
      REDIS_URL: 'redis://cache:6379',
      GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      BLOG_ADMIN_EMAILS: ' Editor@Example.com, chief@example.com ',
      MFE_BLOG_ADMIN_URL: 'https://cdn.example/blog-admin/mf-manifest.json',
    });
    expect(config.port).toBe(8080);
    expect(config.siteUrl).toBe('https://veo3.example');
    expect(config.database).toEqual({ type: 'mysql', url: 'mysql://u:p@db:3306/veo3' });
    expect(config.devLogin).toBe(false);
    expect(config.stripe?.secretKey).toBe('sk_test_1');
    expect(config.blogAdminEmails).toEqual(['editor@example.com', 'chief@example.com']);
    expect(config.remotes.blogAdmin).toEqual({
      manifestUrl: 'https://cdn.example/blog-admin/mf-manifest.json',
      servedHere: false,
    });
    expect(config.remotes.blog.servedHere).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: /],
    [{ SITE_URL: 'not a url' }, /^SITE_URL: /],
    [{ DATABASE_URL: 'postgres://x' }, /^DATABASE_URL: must start with mysql:\/\//],
    [{ VIDEO_PROVIDER: 'sora' }, /^VIDEO_PROVIDER: /],
    [{ BLOG_ADMIN_EMAILS: 'not-an-email' }, /^BLOG_ADMIN_EMAILS/],
    [{ NODE_ENV: 'production' }, /^JWT_SECRET: required when NODE_ENV=production/],
    [{ NODE_ENV: 'production', JWT_SECRET: PROD_SECRET, DEV_LOGIN: 'true' }, /^DEV_LOGIN: /],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/],
    [{ VIDEO_PROVIDER: 'veo' }, /^GEMINI_API_KEY: required/],
    [{ VIDEO_PROVIDER: 'kie' }, /^KIE_API_KEY: required/],
    [{ VEO_MODEL: 'veo 3' }, /^VEO_MODEL: must be auto or a model id/],
    [{ VEO_TEXT_MODEL: 'veo-3.0-generate-001' }, /^VEO_TEXT_MODEL: renamed VEO_MODEL/],
    [{ VEO_IMAGE_MODEL: 'veo-3.0-fast-generate-001' }, /^VEO_IMAGE_MODEL: renamed VEO_FAST_MODEL/],
    [{ JWT_SECRET: 'short' }, /^JWT_SECRET: must be at least 32 characters/],
    [{ STORAGE: 's3' }, /^S3_BUCKET: required when STORAGE=s3/],
    [{ STORAGE: 's3', S3_BUCKET: 'videos', S3_ACCESS_KEY_ID: 'AKIA' }, /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(problems(env)).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  it('takes S3 storage, path-style when an endpoint is given', () => {
    const config = loadConfig({ STORAGE: 's3', S3_BUCKET: 'videos', S3_ENDPOINT: 'http://127.0.0.1:4569' });
    expect(config.storage).toMatchObject({ type: 's3', bucket: 'videos', forcePathStyle: true });
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'videos' }).storage).toMatchObject({ forcePathStyle: false });
  });

  it('migrates at boot unless MIGRATE_ON_BOOT=false (a one-shot job migrates first)', () => {
    expect(loadConfig({}).migrateOnBoot).toBe(true);
    expect(loadConfig({ MIGRATE_ON_BOOT: 'false' }).migrateOnBoot).toBe(false);
    expect(problems({ MIGRATE_ON_BOOT: 'later' })).toEqual([expect.stringMatching(/^MIGRATE_ON_BOOT: /)]);
  });

  it('sweeps stalled tasks every 30 s unless TASK_SWEEP_S says otherwise', () => {
    expect(loadConfig({}).video.sweepSeconds).toBe(30);
    expect(loadConfig({ TASK_SWEEP_S: '2' }).video.sweepSeconds).toBe(2);
    expect(problems({ TASK_SWEEP_S: '0' })).toEqual([expect.stringMatching(/^TASK_SWEEP_S: /)]);
  });

  it("runs VIDEO_WORKER_CONCURRENCY jobs at once per worker (1..64), else the queue's default", () => {
    expect(loadConfig({}).video.workerConcurrency).toBeNull();
    expect(loadConfig({ VIDEO_WORKER_CONCURRENCY: '8' }).video.workerConcurrency).toBe(8);
    for (const bad of ['0', '65', '2.5', 'many'])
      expect(problems({ VIDEO_WORKER_CONCURRENCY: bad })).toEqual([
        expect.stringMatching(/^VIDEO_WORKER_CONCURRENCY: /),
      ]);
  });

  describe('video providers', () => {
    const PROD = { NODE_ENV: 'production', JWT_SECRET: PROD_SECRET };
    const providers = (env: NodeJS.ProcessEnv) => loadConfig(env).video.providers;

    it('serves the local renderer alone without keys, in production too', () => {
      expect(providers({})).toEqual(['local']);
      expect(providers(PROD)).toEqual(['local']);
    });

    it('serves each keyed provider, plus the local renderer outside production unless switched off', () => {
      const keys = { GEMINI_API_KEY: 'g-key', FAL_KEY: 'f-key' };
      expect(providers(keys)).toEqual(['veo', 'fal', 'local']);
      expect(providers({ ...keys, VIDEO_LOCAL_RENDERER: 'false' })).toEqual(['veo', 'fal']);
      expect(providers({ ...PROD, ...keys })).toEqual(['veo', 'fal']);
      expect(providers({ ...PROD, ...keys, VIDEO_LOCAL_RENDERER: 'true' })).toEqual(['veo', 'fal', 'local']);
      expect(loadConfig({ KIE_API_KEY: 'k-key' }).video.provider).toBe('kie');
    });

    it('takes VIDEO_PROVIDERS as listed (once each) and VIDEO_PROVIDER alone, whatever keys are set', () => {
      const keys = { GEMINI_API_KEY: 'g-key', FAL_KEY: 'f-key', KIE_API_KEY: 'k-key' };
      expect(providers({ ...keys, VIDEO_PROVIDERS: 'fal, veo,fal' })).toEqual(['fal', 'veo']);
      expect(providers({ ...keys, VIDEO_PROVIDERS: 'FAL,local' })).toEqual(['fal', 'local']);
      expect(providers({ ...keys, VIDEO_PROVIDER: 'kie' })).toEqual(['kie']);
      expect(providers({ VIDEO_PROVIDER: 'local', GEMINI_API_KEY: 'g-key' })).toEqual(['local']);
    });

    it.each([
      [{ VIDEO_PROVIDERS: 'veo,fal', GEMINI_API_KEY: 'g-key' }, 'FAL_KEY: required when VIDEO_PROVIDERS lists fal'],
      [{ VIDEO_PROVIDERS: 'local,veo' }, 'GEMINI_API_KEY: required when VIDEO_PROVIDERS lists veo'],
      [{ VIDEO_PROVIDER: 'fal' }, 'FAL_KEY: required when VIDEO_PROVIDER=fal'],
      [
        { VIDEO_PROVIDER: 'veo', VIDEO_PROVIDERS: 'veo', GEMINI_API_KEY: 'g-key' },
        'VIDEO_PROVIDER and VIDEO_PROVIDERS: set one, not both',
      ],
      [{ VIDEO_PROVIDERS: ' , ' }, 'VIDEO_PROVIDERS: name at least one of local, veo, kie, fal'],
      [
        { ...PROD, VIDEO_LOCAL_RENDERER: 'false' },
        'VIDEO_LOCAL_RENDERER=false: no other provider is set (GEMINI_API_KEY, KIE_API_KEY, FAL_KEY or VIDEO_PROVIDERS)',
      ],
    ])('refuses %j: %s', (env, message) => {
      expect(problems(env)).toEqual([message]);
    });

    it('refuses VIDEO_PROVIDERS naming an unknown provider', () => {
      expect(problems({ VIDEO_PROVIDERS: 'veo,sora', GEMINI_API_KEY: 'g-key' })).toEqual([
        expect.stringMatching(/^VIDEO_PROVIDERS\b/),
      ]);
    });
  });

  it('runs the bundled ffmpeg unless FFMPEG_PATH names another by an absolute path', () => {
    expect(loadConfig({}).video.ffmpegPath).toBeNull();
    expect(loadConfig({ FFMPEG_PATH: '/usr/bin/ffmpeg' }).video.ffmpegPath).toBe('/usr/bin/ffmpeg');
    expect(problems({ FFMPEG_PATH: 'ffmpeg' })).toEqual([expect.stringMatching(/^FFMPEG_PATH\b.*absolute path/)]);
  });

  it('refuses a VIDEO_CATALOGUE_FILE with a bad price or an unknown model, naming the file, model and field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'app-config-catalogue-'));
    try {
      const path = join(dir, 'catalogue.json');
      writeFileSync(
        path,
        JSON.stringify({
          models: { 'omni-1.2': { price: { per: 'second', credits: { '720p': 4, '1080p': 4 } } }, 'sora-2': {} },
        }),
      );
      expect(() => loadConfig({ VIDEO_CATALOGUE_FILE: path })).toThrow(ConfigError);
      expect(problems({ VIDEO_CATALOGUE_FILE: path })).toEqual([
        `VIDEO_CATALOGUE_FILE (${path}): unknown model id "sora-2" (known: ${DEFAULT_CATALOGUE.map((m) => m.id).join(', ')})`,
      ]);
      writeFileSync(
        path,
        JSON.stringify({ models: { 'omni-1.2': { price: { per: 'second', credits: { '720p': 4, '1080p': 4 } } } } }),
      );
      expect(problems({ VIDEO_CATALOGUE_FILE: path })).toEqual([
        `VIDEO_CATALOGUE_FILE (${path}): models.omni-1.2.price.credits.360p: required (Gemini Omni 1.2 Flash makes 360p)`,
      ]);
      writeFileSync(
        path,
        JSON.stringify({
          models: { 'omni-1.2': { price: { per: 'second', credits: { '360p': 1, '720p': 3, '1080p': 5 } } } },
        }),
      );
      const omni = loadConfig({ VIDEO_CATALOGUE_FILE: path }).video.catalogue.find((model) => model.id === 'omni-1.2');
      expect(omni?.price.credits).toEqual({ '360p': 1, '720p': 3, '1080p': 5 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves metrics on METRICS_PORT (9464 unless set), none with off', () => {
    expect(loadConfig({}).metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(loadConfig({ METRICS_PORT: 'OFF' }).metricsPort).toBeNull();
    for (const bad of ['0', '70000', 'no', '9464.5'])
      expect(problems({ METRICS_PORT: bad })).toEqual([expect.stringMatching(/^METRICS_PORT: /)]);
  });

  it('refuses a tracing endpoint, sample ratio or propagator OpenTelemetry could not use, by name', () => {
    expect(() =>
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
        OTEL_PROPAGATORS: 'tracecontext,b3',
      }),
    ).not.toThrow();
    for (const bad of ['tracecontxt', 'tracecontext,jaeger'])
      expect(problems({ OTEL_PROPAGATORS: bad })).toEqual([
        expect.stringMatching(/^OTEL_PROPAGATORS\b.*: must be tracecontext/),
      ]);
    expect(problems({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toEqual([
      expect.stringMatching(/^OTEL_EXPORTER_OTLP_ENDPOINT: /),
    ]);
    for (const bad of ['1.5', '-0.1', 'tenth'])
      expect(problems({ OTEL_TRACES_SAMPLER_ARG: bad })).toEqual([expect.stringMatching(/^OTEL_TRACES_SAMPLER_ARG: /)]);
  });

  it('lists every problem at once', () => {
    expect(problems({ PORT: 'x', SITE_URL: 'y' })).toHaveLength(2);
  });

  it('never allows dev sign-in in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: PROD_SECRET }).devLogin).toBe(false);
  });

  it.each([
    [{}, true],
    [{ SITE_URL: 'http://localhost:8080' }, true],
    [{ SITE_URL: 'http://127.0.0.1:4000/' }, true],
    [{ SITE_URL: 'http://[::1]:3000' }, true],
    [{ SITE_URL: 'https://veo3.example' }, false],
    [{ SITE_URL: 'http://localhost.veo3.example' }, false],
    [{ SITE_URL: 'https://veo3.example', DEV_LOGIN: 'true' }, true],
    [{ SITE_URL: 'http://localhost:3000', DEV_LOGIN: 'false' }, false],
    [{ GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' }, false],
    [{ GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com', DEV_LOGIN: 'true' }, true],
  ])('dev sign-in without NODE_ENV=production, %j: %s', (env, on) => {
    const config = loadConfig(env);
    expect(config.devLogin).toBe(on);
    expect(config.devLoginOffReason === null).toBe(on);
  });

  it('says why dev sign-in is off on a public SITE_URL', () => {
    expect(loadConfig({ SITE_URL: 'https://veo3.example' }).devLoginOffReason).toBe(
      'Development sign-in is off because SITE_URL (https://veo3.example) is not a local address: set DEV_LOGIN=true, or use a local SITE_URL (localhost, 127.0.0.1 or [::1])',
    );
  });

  it('offers the simulated checkout on a public SITE_URL only when asked, whatever NODE_ENV and DEV_LOGIN say', () => {
    const site = { SITE_URL: 'https://veo3.example' };
    expect(loadConfig(site).simulatedCheckout).toBe(false);
    expect(loadConfig({ ...site, NODE_ENV: 'development', DEV_LOGIN: 'true' }).simulatedCheckout).toBe(false);
    expect(loadConfig({ ...site, NODE_ENV: 'test' }).simulatedCheckout).toBe(false);
    expect(loadConfig({ ...site, SIMULATED_CHECKOUT: 'true' }).simulatedCheckout).toBe(true);
    expect(loadConfig({ SITE_URL: 'http://127.0.0.1:8080' }).simulatedCheckout).toBe(true);
    expect(loadConfig({ SIMULATED_CHECKOUT: 'false' }).simulatedCheckout).toBe(false);
  });

  it('trusts X-Forwarded-For from a number of hops or listed proxies, never from every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    expect(problems({ TRUST_PROXY: 'everyone' })).toEqual([expect.stringMatching(/^TRUST_PROXY: must be a hop count/)]);
  });

  it('listens on loopback while dev sign-in is on, however it was switched on; HOST overrides', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ DEV_LOGIN: 'true' }).host).toBe('127.0.0.1');
    expect(loadConfig({ DEV_LOGIN: 'true', SITE_URL: 'http://veo3.localhost:8080' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    // Without dev sign-in nobody gets in unasked: every interface, as containers need.
    expect(loadConfig({ SITE_URL: 'https://veo3.example' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DEV_LOGIN: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: PROD_SECRET }).host).toBe('0.0.0.0');
  });

  it('serves metrics on loopback unless METRICS_HOST says otherwise, whatever HOST is', () => {
    expect(loadConfig({}).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: PROD_SECRET }).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });

  it('warns at boot when HOST opens dev sign-in beyond loopback, naming the risk', () => {
    expect(devLoginExposure(loadConfig({ DEV_LOGIN: 'true' }))).toBeNull();
    expect(devLoginExposure(loadConfig({ HOST: '::1' }))).toBeNull();
    expect(devLoginExposure(loadConfig({ HOST: '0.0.0.0', DEV_LOGIN: 'false' }))).toBeNull();
    expect(devLoginExposure(loadConfig({ HOST: '0.0.0.0', DEV_LOGIN: 'true' }))).toBe(
      "HOST=0.0.0.0 with development sign-in on (DEV_LOGIN): anyone who reaches port 3000 can sign in as any e-mail, an administrator's (ADMIN_EMAILS) included; leave HOST unset to listen on loopback only, or set DEV_LOGIN=false",
    );
  });

  it('tells loopback addresses from the others', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    for (const host of ['0.0.0.0', '::', '192.168.1.7', '10.0.0.1', 'veo3.example', '127.example', ''])
      expect([host, isLoopbackHost(host)]).toEqual([host, false]);
  });

  it('refuses placeholder and guessable secrets beyond loopback whatever NODE_ENV says, naming the variable', () => {
    // The compose trial's .env as it comes: development, dev sign-in, an administrator, placeholders.
    const trial = {
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      DEV_LOGIN: 'true',
      ADMIN_EMAILS: 'boss@example.com',
      JWT_SECRET: 'REPLACE_ME_with_openssl_rand_hex_32',
      DATABASE_URL: 'mysql://veo3:REPLACE_ME_mysql_app_password@mysql:3306/veo3',
    };
    const beyond = ', refused while the server listens beyond loopback (HOST=0.0.0.0)';
    expect(problems(trial)).toEqual([
      `JWT_SECRET: still holds a placeholder value${beyond}; generate one with: openssl rand -hex 32`,
      `DATABASE_URL: still holds a placeholder value${beyond}; generate one with: openssl rand -hex 32`,
    ]);
    expect(problems({ ...trial, DATABASE_URL: '', JWT_SECRET: 'ab'.repeat(20) })).toEqual([
      `JWT_SECRET: too predictable (fewer than 8 different characters)${beyond}; use openssl rand -hex 32`,
    ]);
    // Listening on every interface by default (dev sign-in off) counts as much as asking for it.
    expect(problems({ SITE_URL: 'https://veo3.example', JWT_SECRET: 'x'.repeat(40) })).toEqual([
      expect.stringMatching(/^JWT_SECRET: too predictable .*\(HOST=0\.0\.0\.0\)/),
    ]);
    expect(loadConfig({ ...trial, JWT_SECRET: PROD_SECRET, DATABASE_URL: '' }).host).toBe('0.0.0.0');
  });

  it('refuses placeholder and guessable secrets in production, naming the variable', () => {
    const prod = { NODE_ENV: 'production' };
    expect(problems({ ...prod, JWT_SECRET: 'REPLACE_ME_with_openssl_rand_hex_32' })).toEqual([
      'JWT_SECRET: still holds a placeholder value; generate one with: openssl rand -hex 32',
    ]);
    expect(problems({ ...prod, JWT_SECRET: 'x'.repeat(40) })).toEqual([
      expect.stringMatching(/^JWT_SECRET: too predictable/),
    ]);
    expect(problems({ ...prod, JWT_SECRET: PROD_SECRET, VIDEO_LINK_SECRET: 'short' })).toEqual([
      'VIDEO_LINK_SECRET: must be at least 32 characters',
    ]);
    expect(
      problems({
        ...prod,
        JWT_SECRET: PROD_SECRET,
        DATABASE_URL: 'mysql://veo3:REPLACE_ME_mysql_app_password@db:3306/veo3',
        STRIPE_SECRET_KEY: 'sk_live_changeme',
        STRIPE_WEBHOOK_SECRET: 'whsec_REPLACE_ME',
      }),
    ).toEqual([
      'STRIPE_SECRET_KEY: still holds a placeholder value; generate one with: openssl rand -hex 32',
      'STRIPE_WEBHOOK_SECRET: still holds a placeholder value; generate one with: openssl rand -hex 32',
      'DATABASE_URL: still holds a placeholder value; generate one with: openssl rand -hex 32',
    ]);
    // A trial on loopback may keep them: only this machine reaches it.
    expect(loadConfig({ JWT_SECRET: 'REPLACE_ME_with_openssl_rand_hex_32' }).jwtSecret).toMatch(/^REPLACE_ME/);
    expect(
      loadConfig({ DEV_LOGIN: 'true', HOST: '127.0.0.1', JWT_SECRET: 'REPLACE_ME_with_openssl_rand_hex_32' }).host,
    ).toBe('127.0.0.1');
  });

  it('offers the simulated checkout only without Stripe, and in production only when asked', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: PROD_SECRET };
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig({}).simulatedCheckout).toBe(true);
    expect(loadConfig(prod).simulatedCheckout).toBe(false);
    expect(loadConfig({ ...prod, SIMULATED_CHECKOUT: 'true' }).simulatedCheckout).toBe(true);
    expect(loadConfig({ ...stripe, SIMULATED_CHECKOUT: 'true' }).simulatedCheckout).toBe(false);
    expect(problems({ SIMULATED_CHECKOUT: 'maybe' })).toEqual([expect.stringMatching(/^SIMULATED_CHECKOUT/)]);
  });
});
