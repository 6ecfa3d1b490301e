import { isIPv4 } from 'node:net';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { PROVIDER_NAMES, type ProviderName } from '@veo3/contracts/model-catalogue';
import { REMOTE_NAMES, type RemoteName } from '@veo3/contracts/runtime-config';
import { z } from 'zod';
import { loadCatalogue } from '../video/catalogue/catalogue-file';

/** Folder under /mfe/ and the MFE_<NAME>_URL variable of each remote. */
export const REMOTE_FOLDERS: Record<RemoteName, string> = {
  generator: 'generator',
  billing: 'billing',
  blog: 'blog',
  blogAdmin: 'blog-admin',
  admin: 'admin',
};
const remoteEnv = (name: RemoteName) => `MFE_${REMOTE_FOLDERS[name].toUpperCase().replace('-', '_')}_URL`;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const bool = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : String(v).toLowerCase()),
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v))),
);
/** Comma-separated, case-folded values; undefined when the variable is missing. */
const commaList = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean)
        : undefined,
    z.array(item).optional(),
  );
const emailList = commaList(z.email()).transform((list) => list ?? []);
const hostList = commaList(z.string().regex(/^[a-z0-9.-]+$/, 'must be host names separated by commas'));
const secret = z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional());
/**
 * Which proxies may name the client in X-Forwarded-For: a hop count, or proxy addresses/CIDRs.
 * `true` means one hop, never "every hop" (a client could then forge the left-most address).
 */
const trustProxy = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : String(v).trim().toLowerCase()),
  z
    .string()
    .optional()
    .transform((v, ctx): number | string[] | false => {
      if (v === undefined || v === 'false' || v === '0' || v === 'no') return false;
      if (v === 'true' || v === 'yes') return 1;
      if (/^\d+$/.test(v)) return Math.min(Number(v), 10);
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.every((s) => /^[0-9a-f:.]+(\/\d{1,3})?$/.test(s))) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'must be a hop count (1 = one proxy; true means 1) or proxy addresses/CIDRs separated by commas',
      });
      return z.NEVER;
    }),
);
/** Unpadded base64url of `bytes` bytes (a VAPID key as web-push writes it). */
const base64urlKey = (bytes: number, what: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`),
        `must be ${what} (npx web-push generate-vapid-keys)`,
      )
      .optional(),
  );
const int = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const veoModel = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^(auto|[\w.-]+)$/, 'must be auto or a model id such as veo-3.1-generate-001')
    .default('auto'),
);

export const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: int(3000, 0, 65535),
  SITE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  // Uploads on their way in and copies of videos for a provider; unset: the system's temporary folder.
  TEMP_DIR: optionalString,
  // A request whose headers and body have not all arrived by then is cut off (408).
  REQUEST_TIMEOUT_S: int(120, 1, 3600),
  WEB_DIR: optionalString,
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^mysql:\/\//, 'must start with mysql://')
      .optional(),
  ),
  REDIS_PREFIX: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w:-]+$/)
      .default('veo3'),
  ),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  JWT_SECRET: secret,
  // Signs video links apart from sessions; unset: derived from the session secret.
  VIDEO_LINK_SECRET: secret,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CERTS_URL: z.preprocess(emptyToUndefined, z.url().default('https://www.googleapis.com/oauth2/v1/certs')),
  TRUST_PROXY: trustProxy,
  HOST: optionalString,
  // Its own address: the images open it to the pod network, where a NetworkPolicy says who scrapes.
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  SIGNIN_RATE_LIMIT: int(20, 1, 100_000),
  GENERATE_RATE_LIMIT: int(10, 1, 100_000),
  CHECKOUT_RATE_LIMIT: int(10, 1, 100_000),
  API_RATE_LIMIT: int(60, 1, 100_000),
  DEV_LOGIN: bool,
  BLOG_ADMIN_EMAILS: emailList,
  ADMIN_EMAILS: emailList,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  SIMULATED_CHECKOUT: bool,
  // One provider alone (the shorthand of before); VIDEO_PROVIDERS lists several; unset: see videoProviders.
  VIDEO_PROVIDER: z.preprocess(emptyToUndefined, z.enum(PROVIDER_NAMES).optional()),
  VIDEO_PROVIDERS: commaList(z.enum(PROVIDER_NAMES)),
  VIDEO_LOCAL_RENDERER: bool,
  // The operator's prices and offer (JSON); unset: the default catalogue.
  VIDEO_CATALOGUE_FILE: optionalString,
  FAL_KEY: optionalString,
  FAL_BASE_URL: optionalUrl,
  GEMINI_API_KEY: optionalString,
  GEMINI_BASE_URL: optionalUrl,
  // `auto` picks from the key's own model list; an explicit id is checked against it.
  VEO_MODEL: veoModel,
  VEO_FAST_MODEL: veoModel,
  OMNI_MODEL: veoModel,
  VIDEO_MODEL_CHECK_S: int(600, 10, 86_400),
  // The old names, which pinned model ids that have since been retired: refused rather than ignored.
  VEO_TEXT_MODEL: optionalString,
  VEO_IMAGE_MODEL: optionalString,
  KIE_API_KEY: optionalString,
  KIE_BASE_URL: optionalUrl,
  // Hosts a provider's result download may be redirected to (besides the result URL's own host).
  PROVIDER_STORAGE_HOSTS: hostList,
  PROVIDER_DOWNLOAD_MAX_MB: int(200, 1, 10_000),
  // Hosts a developer API `image_url` may name although they are private addresses (and over http).
  IMAGE_URL_TRUSTED_HOSTS: hostList,
  GENERATION_TIMEOUT_S: int(900, 30),
  VIDEO_POLL_INTERVAL_MS: int(1000, 10, 60_000),
  // The ffmpeg the renderer and the video checks run; unset: the one bundled with @ffmpeg-installer/ffmpeg.
  FFMPEG_PATH: z.preprocess(emptyToUndefined, z.string().startsWith('/', 'must be an absolute path').optional()),
  TASK_SWEEP_S: int(30, 1, 3600),
  // Jobs one worker process runs at once; unset: the queue's own default (BullMQ 4, in-process 2).
  VIDEO_WORKER_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  // Generations (a request of several variations counts once) one user may have in the making at once.
  VIDEO_MAX_ACTIVE_PER_USER: int(3, 1, 100),
  STORAGE: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // S3-compatible servers (MinIO, s3rver, Ceph) want bucket-in-path URLs; AWS takes either.
  S3_FORCE_PATH_STYLE: bool,
  ROLE: z.preprocess(emptyToUndefined, z.enum(['all', 'api', 'worker', 'web']).default('all')),
  MIGRATE_ON_BOOT: bool,
  SHUTDOWN_DRAIN_S: int(10, 0, 300),
  // Prometheus metrics on a port of their own (never the app's, so no gateway routes it); `off`: none.
  METRICS_PORT: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : String(v).trim().toLowerCase()),
    z.union([z.literal('off'), z.coerce.number().int().min(1).max(65535)]).default(9464),
  ),
  // OpenTelemetry reads its OTEL_* variables itself (telemetry/tracing.ts, before this config loads);
  // those an operator sets are checked here so a bad one is refused at boot by name.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OTEL_TRACES_SAMPLER_ARG: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).optional()),
  // The SDK drops a name it does not know with a warning, and traces then stop at process boundaries.
  OTEL_PROPAGATORS: commaList(
    z.enum(['tracecontext', 'baggage', 'b3', 'b3multi', 'none'], {
      message: 'must be tracecontext, baggage, b3, b3multi or none, separated by commas',
    }),
  ),
  // Personal data kept past its use (days); the purge runs hourly in one worker process.
  RETENTION_SESSION_DAYS: int(30, 1, 3650),
  RETENTION_FAILED_UPLOAD_DAYS: int(30, 1, 3650),
  RETENTION_CHECKOUT_DAYS: int(30, 1, 3650),
  EVENTS_MAX_PER_USER: int(5, 1, 1000),
  EVENTS_MAX_PER_ADDRESS: int(100, 1, 100_000),
  EVENTS_OPEN_RATE_LIMIT: int(30, 1, 100_000),
  SIGNUP_BONUS_CREDITS: int(0, 0, 1_000_000),
  // Credits each side of a referral gets at the invited user's first purchase; 0 turns referrals off.
  REFERRAL_CREDITS: int(100, 0, 1_000_000),
  EXPORT_INLINE_MAX_MB: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(10_000).default(50)),
  EXPORT_KEEP_HOURS: int(168, 1, 24 * 365),
  EXPORT_EVERY_HOURS: int(24, 0, 24 * 365),
  // Webhooks: the credits.low line, hosts allowed on http and private addresses (tests), the retry delays.
  WEBHOOK_CREDITS_LOW_THRESHOLD: int(40, 1, 1_000_000),
  WEBHOOK_ALLOW_PRIVATE_HOSTS: hostList,
  WEBHOOK_RETRY_SECONDS: commaList(z.coerce.number().min(0).max(86_400)),
  // The community gallery: words that hold an offered video's prompt for review (empty: none), and how
  // many open reports hold a listed video.
  GALLERY_BLOCKED_WORDS: commaList(z.string().max(100)),
  GALLERY_REPORTS_TO_HOLD: int(3, 1, 1000),
  // "Ready" e-mails: an SMTP server (smtp:// or smtps://user:pass@host:port); unset: the local outbox (not in production).
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be smtp://user:pass@host:587 or smtps://user:pass@host:465')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^([^<>]*<[^<>\s]+@[^<>\s]+>|[^<>\s]+@[^<>\s]+)$/, 'must be an address, or a name and <address>')
      .optional(),
  ),
  // Browser notifications (Web Push): the site's VAPID key pair; unset: generated in DATA_DIR (not in production).
  VAPID_PUBLIC_KEY: base64urlKey(65, 'the base64url public key of a P-256 pair'),
  VAPID_PRIVATE_KEY: base64urlKey(32, 'the base64url private key of a P-256 pair'),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:<address> or an https:// URL')
      .optional(),
  ),
  // Hosts a push endpoint may name although they are private addresses (and over http): tests' local push services.
  PUSH_ALLOW_PRIVATE_HOSTS: hostList,
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().default('support@veo3.studio')),
  SERVICE_EMAIL: z.preprocess(emptyToUndefined, z.email().default('service@veo3.studio')),
  GA_MEASUREMENT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^G-[A-Z0-9]+$/, 'must look like G-XXXXXXX')
      .optional(),
  ),
  API_DOCS: bool,
  // Test-time check of every /api reply against the contract (integration suites, e2e); never in production.
  CONTRACT_CHECK: bool,
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  MFE_GENERATOR_URL: optionalUrl,
  MFE_BILLING_URL: optionalUrl,
  MFE_BLOG_URL: optionalUrl,
  MFE_BLOG_ADMIN_URL: optionalUrl,
  MFE_ADMIN_URL: optionalUrl,
});

type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Where Google and kie.ai keep finished videos (their result links redirect there). */
const DEFAULT_STORAGE_HOSTS = [
  'storage.googleapis.com',
  'tempfile.aiquickdraw.com',
  'tempfile.redpandaai.co',
  // fal.ai's CDN (v3.fal.media, …).
  'fal.media',
];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isLocalSite(siteUrl: string): boolean {
  return LOCAL_HOSTS.has(new URL(siteUrl).hostname);
}

/** Whether SITE_URL can be reached from the internet (a provider's completion callback can arrive). */
export function isPublicSite(siteUrl: string): boolean {
  return !isLocalSite(siteUrl);
}

/** Secrets refused while they hold a placeholder (the passwords inside the URLs too), in production or beyond loopback. */
const SECRET_VARIABLES = [
  'JWT_SECRET',
  'VIDEO_LINK_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'GEMINI_API_KEY',
  'KIE_API_KEY',
  'FAL_KEY',
  'S3_SECRET_ACCESS_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'VAPID_PRIVATE_KEY',
] as const;
const PLACEHOLDER = /replace[_-]?me|change[_-]?me|placeholder|your[_-]?(secret|key|password)|^(secret|password)$/i;

/** `when` says why they are refused, after the variable's name (empty in production, where they always are). */
function secretProblems(e: Env, when: string): string[] {
  const problems: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const value = e[name];
    if (!value) continue;
    const secretPart = /^\w+:\/\//.test(value) ? decodeURIComponent(new URL(value).password) : value;
    if (secretPart && PLACEHOLDER.test(secretPart))
      problems.push(`${name}: still holds a placeholder value${when}; generate one with: openssl rand -hex 32`);
  }
  for (const name of ['JWT_SECRET', 'VIDEO_LINK_SECRET'] as const) {
    const value = e[name];
    // 32 characters of one or two kinds (aaaa…, 1212…) pass the length rule but guess in seconds.
    if (value && new Set(value).size < 8)
      problems.push(`${name}: too predictable (fewer than 8 different characters)${when}; use openssl rand -hex 32`);
  }
  return problems;
}

/** Whether an address to listen on is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const address = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (address === 'localhost' || address === '::1') return true;
  const v4 = address.replace(/^::ffff:/, '');
  return isIPv4(v4) && v4.startsWith('127.');
}

/** What boot warns about a dev sign-in that HOST opened beyond loopback; null when there is nothing to say. */
export function devLoginExposure(config: AppConfig): string | null {
  if (!config.devLogin || isLoopbackHost(config.host)) return null;
  return `HOST=${config.host} with development sign-in on (DEV_LOGIN): anyone who reaches port ${config.port} can sign in as any e-mail, an administrator's (ADMIN_EMAILS) included; leave HOST unset to listen on loopback only, or set DEV_LOGIN=false`;
}

/**
 * Dev sign-in lets anyone in as any e-mail, so it is on by default only on a local SITE_URL (a
 * deployment that forgets NODE_ENV=production stays closed), on a public one only with DEV_LOGIN=true,
 * and never in production.
 */
function devLoginRefusal(e: Env, production: boolean, siteUrl: string): string | null {
  if (production) return 'Development sign-in is never available when NODE_ENV=production';
  if (e.DEV_LOGIN === true) return null;
  if (e.DEV_LOGIN === false) return 'Development sign-in is switched off on this site (DEV_LOGIN=false)';
  if (e.GOOGLE_CLIENT_ID) return 'This site signs in with Google; development sign-in needs DEV_LOGIN=true';
  if (!isLocalSite(siteUrl)) {
    return `Development sign-in is off because SITE_URL (${siteUrl}) is not a local address: set DEV_LOGIN=true, or use a local SITE_URL (localhost, 127.0.0.1 or [::1])`;
  }
  return null;
}

/** The parsed environment and what several sections read from it. */
interface Basis {
  e: Env;
  production: boolean;
  siteUrl: string;
  /** Why development sign-in is off; null when it is on. */
  devLoginOffReason: string | null;
  host: string;
  /** VIDEO_CATALOGUE_FILE read once: its models, or what is wrong with it. */
  catalogue: ReturnType<typeof loadCatalogue>;
}

function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
  );
}

function basisOf(e: Env): Basis {
  const production = e.NODE_ENV === 'production';
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const devLoginOffReason = devLoginRefusal(e, production, siteUrl);
  // Dev sign-in lets anyone in as anyone: it stays on this machine unless HOST opens it on purpose.
  const host = e.HOST ?? (devLoginOffReason === null ? '127.0.0.1' : '0.0.0.0');
  return { e, production, siteUrl, devLoginOffReason, host, catalogue: loadCatalogue(e.VIDEO_CATALOGUE_FILE) };
}

/** Secrets, dev sign-in and the test-time check: what must never reach production or the network. */
function securityProblems({ e, production, host }: Basis): string[] {
  const problems: string[] = [];
  if (production && !e.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
  // Whoever reaches the server could sign sessions with a secret everyone knows, whatever NODE_ENV says.
  if (production) problems.push(...secretProblems(e, ''));
  else if (!isLoopbackHost(host))
    problems.push(...secretProblems(e, `, refused while the server listens beyond loopback (HOST=${host})`));
  if (production && e.DEV_LOGIN)
    problems.push('DEV_LOGIN: development sign-in is never allowed when NODE_ENV=production');
  if (production && e.CONTRACT_CHECK)
    problems.push('CONTRACT_CHECK: the test-time reply check is never on when NODE_ENV=production');
  if (production && e.WEBHOOK_ALLOW_PRIVATE_HOSTS?.length)
    problems.push('WEBHOOK_ALLOW_PRIVATE_HOSTS: webhooks to private hosts are never allowed when NODE_ENV=production');
  if (production && e.PUSH_ALLOW_PRIVATE_HOSTS?.length)
    problems.push('PUSH_ALLOW_PRIVATE_HOSTS: push to private hosts is never allowed when NODE_ENV=production');
  return problems;
}

/** Settings that need each other (keys of a chosen provider, pairs set together) and retired names. */
function settingProblems({ e, catalogue }: Basis): string[] {
  const problems: string[] = [];
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both or neither');
  }
  if (e.VIDEO_PROVIDER && e.VIDEO_PROVIDERS) problems.push('VIDEO_PROVIDER and VIDEO_PROVIDERS: set one, not both');
  const chosen = e.VIDEO_PROVIDERS ? 'VIDEO_PROVIDERS lists ' : 'VIDEO_PROVIDER=';
  for (const [provider, key] of [
    ['veo', 'GEMINI_API_KEY'],
    ['kie', 'KIE_API_KEY'],
    ['fal', 'FAL_KEY'],
  ] as const) {
    if (videoProviders(e).includes(provider) && !e[key]) problems.push(`${key}: required when ${chosen}${provider}`);
  }
  if (e.VIDEO_PROVIDERS?.length === 0) problems.push('VIDEO_PROVIDERS: name at least one of local, veo, kie, fal');
  // Switched off on purpose, it must not come back unseen as the only provider left.
  const anyOther = e.VIDEO_PROVIDERS || e.VIDEO_PROVIDER || e.GEMINI_API_KEY || e.KIE_API_KEY || e.FAL_KEY;
  if (e.VIDEO_LOCAL_RENDERER === false && !anyOther) {
    problems.push(
      'VIDEO_LOCAL_RENDERER=false: no other provider is set (GEMINI_API_KEY, KIE_API_KEY, FAL_KEY or VIDEO_PROVIDERS)',
    );
  }
  problems.push(...catalogue.problems);
  for (const [old, renamed] of [
    ['VEO_TEXT_MODEL', 'VEO_MODEL'],
    ['VEO_IMAGE_MODEL', 'VEO_FAST_MODEL'],
  ] as const) {
    if (e[old]) problems.push(`${old}: renamed ${renamed} (default auto: picked from the key's model list)`);
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY))
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither (npx web-push generate-vapid-keys)');
  if (e.STORAGE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required when STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither (neither: the SDK finds credentials)',
    );
  }
  return problems;
}

function serverConfig({ e, siteUrl, host }: Basis) {
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    siteUrl,
    dataDir: resolve(e.DATA_DIR),
    /** Where uploads are written while a request is read, and videos copied for a provider; emptied after each use. */
    tempDir: resolve(e.TEMP_DIR ?? tmpdir()),
    /** A request not fully received (headers and body) in this many ms is answered 408 and closed; replies, event streams included, are not limited. */
    requestTimeoutMs: e.REQUEST_TIMEOUT_S * 1000,
    /** Folder holding the built frontends (shell/dist and each mfe-<name>/dist). */
    webDir: resolve(e.WEB_DIR ?? resolve(__dirname, '..', '..', '..')),
    /** Proxies trusted to name the client in X-Forwarded-For: a hop count or their addresses/CIDRs; false: none. */
    trustProxy: e.TRUST_PROXY,
    /** Address the server listens on: loopback while dev sign-in is on (unless HOST says otherwise), else every interface. */
    host,
    role: e.ROLE,
    /** Run pending migrations at boot; off where a one-shot job (`npm run migrate`) runs them first. */
    migrateOnBoot: e.MIGRATE_ON_BOOT ?? true,
    /** Seconds a process keeps serving after SIGTERM, not ready, while load balancers stop sending to it. */
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_S,
  };
}

type DatabaseConfig = { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };

function databaseConfig(e: Env) {
  const database: DatabaseConfig = e.DATABASE_URL
    ? { type: 'mysql', url: e.DATABASE_URL }
    : { type: 'sqlite', path: resolve(e.DATA_DIR, 'veo3.sqlite') };
  return {
    database,
    redisUrl: e.REDIS_URL ?? null,
    /** Key prefix of the job queue in Redis (tests give each run its own). */
    redisPrefix: e.REDIS_PREFIX,
  };
}

function authConfig({ e, devLoginOffReason }: Basis) {
  return {
    jwtSecret: e.JWT_SECRET ?? null,
    /** Signs video links; null: derived from the session secret (never the same key). */
    videoLinkSecret: e.VIDEO_LINK_SECRET ?? null,
    googleClientId: e.GOOGLE_CLIENT_ID ?? null,
    /** Where Google's token-signing certificates are fetched (a local fake in tests). */
    googleCertsUrl: e.GOOGLE_CERTS_URL,
    devLogin: devLoginOffReason === null,
    /** Why development sign-in is off (told to whoever tries it); null when it is on. */
    devLoginOffReason,
    /** Sign-in attempts per minute per client address. */
    signinRateLimit: e.SIGNIN_RATE_LIMIT,
    /** Requests per minute per API key, on `/v1` and `/mcp` together. */
    apiRateLimit: e.API_RATE_LIMIT,
    blogAdminEmails: e.BLOG_ADMIN_EMAILS,
    adminEmails: e.ADMIN_EMAILS,
  };
}

function billingConfig({ e, production, siteUrl }: Basis) {
  return {
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiBase: e.STRIPE_API_BASE ?? null }
      : null,
    /**
     * The site's own test-mode checkout: on without Stripe outside production, never with Stripe. It
     * grants credits for nothing: on a public SITE_URL only when asked for, whatever NODE_ENV says.
     */
    simulatedCheckout: !e.STRIPE_SECRET_KEY && (e.SIMULATED_CHECKOUT ?? (!production && isLocalSite(siteUrl))),
    /** Checkout sessions a signed-in user may create per minute. */
    checkoutRateLimit: e.CHECKOUT_RATE_LIMIT,
    signupBonusCredits: e.SIGNUP_BONUS_CREDITS,
    /** Granted to the invited user and to their referrer at the invited user's first purchase; 0: referrals off. */
    referralCredits: e.REFERRAL_CREDITS,
  };
}

/**
 * The providers that serve: VIDEO_PROVIDERS as listed, or VIDEO_PROVIDER alone, or else each one
 * whose key is set, plus the local renderer (VIDEO_LOCAL_RENDERER; by default on outside production,
 * and in production when no other provider is set). The local renderer serves only the models no
 * other provider here serves.
 */
function videoProviders(e: Env): ProviderName[] {
  if (e.VIDEO_PROVIDERS) return [...new Set(e.VIDEO_PROVIDERS)];
  if (e.VIDEO_PROVIDER) return [e.VIDEO_PROVIDER];
  const keyed = (
    [
      ['veo', e.GEMINI_API_KEY],
      ['kie', e.KIE_API_KEY],
      ['fal', e.FAL_KEY],
    ] as const
  )
    .filter(([, key]) => key)
    .map(([name]) => name);
  const local = e.VIDEO_LOCAL_RENDERER ?? (e.NODE_ENV !== 'production' || keyed.length === 0);
  return local || keyed.length === 0 ? [...keyed, 'local'] : keyed;
}

function videoConfig({ e, catalogue }: Basis) {
  const providers = videoProviders(e);
  return {
    /** The providers that serve, in the order a model's routes are tried (the local renderer last). */
    providers,
    /** The first of them: what health calls the provider. */
    provider: providers[0]!,
    /** The models on offer: the default catalogue with VIDEO_CATALOGUE_FILE's overrides. */
    catalogue: catalogue.entries,
    falKey: e.FAL_KEY ?? null,
    falBaseUrl: e.FAL_BASE_URL ?? null,
    geminiApiKey: e.GEMINI_API_KEY ?? null,
    geminiBaseUrl: e.GEMINI_BASE_URL ?? null,
    /** Veo model for text mode (`veo3`): `auto` or an id. */
    veoModel: e.VEO_MODEL,
    /** Veo model for image mode (`veo3-fast-frames`): `auto` or an id. */
    veoFastModel: e.VEO_FAST_MODEL,
    /** Gemini Omni Flash model (`omni`): `auto` or an id such as gemini-omni-1.1-flash. */
    omniModel: e.OMNI_MODEL,
    /** How often the provider's model list is checked again (also after a provider 404). */
    modelCheckSeconds: e.VIDEO_MODEL_CHECK_S,
    kieApiKey: e.KIE_API_KEY ?? null,
    kieBaseUrl: e.KIE_BASE_URL ?? null,
    /** Hosts a result download may be redirected to besides its own (the providers' storage). */
    storageHosts: e.PROVIDER_STORAGE_HOSTS ?? DEFAULT_STORAGE_HOSTS,
    /** Hosts an `image_url` (POST /v1/videos) may name on a private address or over http: an internal image store, a test's. */
    imageUrlTrustedHosts: e.IMAGE_URL_TRUSTED_HOSTS ?? [],
    /** A result larger than this is refused (the task fails and is refunded). */
    downloadMaxBytes: e.PROVIDER_DOWNLOAD_MAX_MB * 1024 * 1024,
    timeoutSeconds: e.GENERATION_TIMEOUT_S,
    /** The ffmpeg binary to run (FFMPEG_PATH); null: the bundled one. */
    ffmpegPath: e.FFMPEG_PATH ?? null,
    /** First wait between provider polls; it doubles up to 15 s. */
    pollIntervalMs: e.VIDEO_POLL_INTERVAL_MS,
    /** How often one process (of all of them) frees dead workers' leases and reschedules stalled tasks. */
    sweepSeconds: e.TASK_SWEEP_S,
    /** Jobs one worker process runs at once (VIDEO_WORKER_CONCURRENCY); null: the queue's default. */
    workerConcurrency: e.VIDEO_WORKER_CONCURRENCY ?? null,
    /** Generations one user may have pending or processing at once (VIDEO_MAX_ACTIVE_PER_USER); more are refused. */
    maxActivePerUser: e.VIDEO_MAX_ACTIVE_PER_USER,
  };
}

function s3Config(e: Env) {
  return {
    type: 's3' as const,
    endpoint: e.S3_ENDPOINT ?? null,
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION ?? null,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? null,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
  };
}

function storageConfig(e: Env): { type: 'local' } | ReturnType<typeof s3Config> {
  return e.STORAGE === 's3' ? s3Config(e) : { type: 'local' };
}

/** Metrics, logs, the API document and the test-time reply check. */
function telemetryConfig({ e, production }: Basis) {
  return {
    /** Port of the Prometheus /metrics server; null: metrics off (METRICS_PORT=off). */
    metricsPort: e.METRICS_PORT === 'off' ? null : e.METRICS_PORT,
    /** Address of the /metrics server (METRICS_HOST): loopback unless set. */
    metricsHost: e.METRICS_HOST,
    logLevel: e.LOG_LEVEL,
    /** Serve the OpenAPI document and its UI at /api/docs (off in production unless API_DOCS=true). */
    apiDocs: e.API_DOCS ?? !production,
    /** Every /api reply checked against its declared schema (API_ROUTES); a mismatch becomes a 500. Tests only. */
    contractCheck: !production && (e.CONTRACT_CHECK ?? false),
  };
}

function eventsConfig(e: Env) {
  return {
    /** Event streams (GET /api/video/events) one user may hold open on one process; a new one ends the oldest. */
    eventsMaxPerUser: e.EVENTS_MAX_PER_USER,
    /** Event streams one client address may hold open on one process; one more is refused (429). */
    eventsMaxPerAddress: e.EVENTS_MAX_PER_ADDRESS,
    /** Event streams a user may open per minute, across processes with Redis; one more is refused (429). */
    eventsOpenRateLimit: e.EVENTS_OPEN_RATE_LIMIT,
  };
}

/** Where each remote's mf-manifest.json lives, and whether this process serves it. */
function remotesConfig(e: Env): Record<RemoteName, { manifestUrl: string; servedHere: boolean }> {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const configured = e[remoteEnv(name) as keyof Env] as string | undefined;
      return [
        name,
        {
          // Served here: a root-relative URL, so the site works under any host name it is reached by.
          manifestUrl: configured ?? `/mfe/${REMOTE_FOLDERS[name]}/mf-manifest.json`,
          servedHere: !configured,
        },
      ];
    }),
  ) as Record<RemoteName, { manifestUrl: string; servedHere: boolean }>;
}

/** How long data past its use is kept before the hourly purge deletes it (docs/OPERATIONS.md, Personal data). */
function retentionConfig(e: Env) {
  return {
    /** Days an expired or signed-out session row is kept (the console's sign-in history), then deleted. */
    sessionDays: e.RETENTION_SESSION_DAYS,
    /** Days a failed generation's uploaded pictures are kept (it can be retried meanwhile), then deleted. */
    failedUploadDays: e.RETENTION_FAILED_UPLOAD_DAYS,
    /** Days an unpaid checkout is kept (a delayed bank payment may still complete it), then deleted. */
    checkoutDays: e.RETENTION_CHECKOUT_DAYS,
  };
}

function siteConfig(e: Env) {
  return {
    supportEmail: e.SUPPORT_EMAIL,
    serviceEmail: e.SERVICE_EMAIL,
    gaMeasurementId: e.GA_MEASUREMENT_ID ?? null,
    remotes: remotesConfig(e),
  };
}

function accountExportConfig(e: Env) {
  return {
    /** A stored file larger than this is listed with a signed link instead of copied into the archive. */
    inlineMaxBytes: Math.floor(e.EXPORT_INLINE_MAX_MB * 1024 * 1024),
    /** How long a finished archive is kept before the sweep deletes it. */
    keepMs: e.EXPORT_KEEP_HOURS * 3_600_000,
    /** One export per user per this long (0: no limit). */
    everyMs: e.EXPORT_EVERY_HOURS * 3_600_000,
  };
}

/** Standard Webhooks' suggested schedule after the first try: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about a day). */
const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

function webhooksConfig(e: Env) {
  return {
    /** A debit that takes the balance from at or above this to below it sends credits.low. */
    creditsLowThreshold: e.WEBHOOK_CREDITS_LOW_THRESHOLD,
    /** Hosts an endpoint may name over http and at a private address (local receivers in tests); never in production. */
    allowPrivateHosts: e.WEBHOOK_ALLOW_PRIVATE_HOSTS ?? [],
    /** Delay before each retry after the first try, in ms; a delivery gives up after the last. */
    retryDelaysMs: (e.WEBHOOK_RETRY_SECONDS ?? WEBHOOK_RETRY_SECONDS).map((seconds) => Math.round(seconds * 1000)),
  };
}

/** A small default list of words that hold a prompt for review (OPERATIONS.md, Configuration). */
const GALLERY_BLOCKED_WORDS = [
  'nude',
  'nudity',
  'naked',
  'porn',
  'porno',
  'pornographic',
  'nsfw',
  'hentai',
  'sexual',
  'rape',
  'gore',
  'beheading',
  'nazi',
  'terrorist',
];

function galleryConfig(e: Env) {
  return {
    /** Lower-case words or phrases; an offered prompt holding one as a whole word is held for review. */
    blockedWords: e.GALLERY_BLOCKED_WORDS ?? GALLERY_BLOCKED_WORDS,
    /** Open reports that take a listed video out of the gallery until an admin reviews it. */
    reportsToHold: e.GALLERY_REPORTS_TO_HOLD,
  };
}

/** "Tell me when it's ready": how e-mails leave, and the site's Web Push identity. */
function notificationsConfig({ e, production }: Basis) {
  return {
    /** nodemailer's SMTP transport URL; null: the local outbox outside production, no e-mail in production. */
    smtpUrl: e.SMTP_URL ?? null,
    /** Messages are written to DATA_DIR/outbox instead of sent (no SMTP_URL, outside production). */
    outbox: !e.SMTP_URL && !production,
    mailFrom: e.MAIL_FROM ?? `Veo 3 Studio <${e.SERVICE_EMAIL}>`,
    /** The configured VAPID pair; null: generated once in DATA_DIR outside production, no push in production. */
    vapid: e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY! } : null,
    generateVapidKeys: !production,
    /** Who push services may contact about our messages (the `sub` of each VAPID token). */
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    /** Hosts a push endpoint may name over http and at a private address (local push services in tests); never in production. */
    pushAllowPrivateHosts: e.PUSH_ALLOW_PRIVATE_HOSTS ?? [],
  };
}

function buildConfig(basis: Basis) {
  const { e } = basis;
  return {
    ...serverConfig(basis),
    ...databaseConfig(e),
    ...authConfig(basis),
    ...billingConfig(basis),
    /** Video generations, edits and extensions per minute, counted together per signed-in user (per client address for visitors). */
    generateRateLimit: e.GENERATE_RATE_LIMIT,
    video: videoConfig(basis),
    storage: storageConfig(e),
    ...telemetryConfig(basis),
    ...eventsConfig(e),
    retention: retentionConfig(e),
    ...siteConfig(e),
    accountExport: accountExportConfig(e),
    webhooks: webhooksConfig(e),
    gallery: galleryConfig(e),
    notifications: notificationsConfig(basis),
  };
}

/** The typed configuration, as loadConfig builds it. */
export type AppConfig = ReturnType<typeof buildConfig>;

/** Reads and checks the environment once at boot; the only place that looks at process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const basis = basisOf(parseEnv(env));
  const problems = [...securityProblems(basis), ...settingProblems(basis)];
  if (problems.length) throw new ConfigError(problems);
  return buildConfig(basis);
}
