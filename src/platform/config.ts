import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { trustProxySetting } from './net/trust-proxy.js';

// The only file that reads process.env. Everything else receives a typed Config.

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().min(1);
const nonNegativeInt = z.coerce.number().int().min(0);
const url = z.url();
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
const base64Key = z.string().refine((v) => Buffer.from(v, 'base64').length === 32, {
  message: 'must be 32 bytes encoded in base64',
});

/** A fraction from 0 to 1. */
const share = z.coerce.number().min(0).max(1);

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: port.default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url.optional(),
  DATABASE_URL: url.optional(),
  DATABASE_POOL_SIZE: positiveInt.default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web console served at `/` (default: web/dist of this checkout; absent: no console). */
  WEB_DIST_DIR: z.string().min(1).optional(),
  REDIS_URL: url.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: base64Key.optional(),
  /** Earlier encryption keys (comma-separated, base64) kept only to decrypt values written before a rotation. */
  ENCRYPTION_PREVIOUS_KEYS: csv.pipe(z.array(base64Key)).default([]),
  SMTP_URL: url.optional(),
  MAIL_FROM: z.string().min(3).default('Campaign Messaging <no-reply@localhost>'),
  PAYMENT_PROVIDER_BASE_URL: url.optional(),
  PAYMENT_PROVIDER_SECRET_KEY: z.string().min(1).optional(),
  MESSAGING_PROVIDER_BASE_URL: url.optional(),
  /** Shared secret the gateway's callback carries (`?token=` or `x-webhook-token`); unset: open (sandbox). */
  MESSAGING_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The Graph API root with its version; every Cloud API call goes to `{base}/{id}/...`. */
  WHATSAPP_CLOUD_BASE_URL: url.optional(),
  /** The Meta app's secret: the key of every Cloud webhook's `X-Hub-Signature-256`. */
  WHATSAPP_CLOUD_APP_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
  /** What the Cloud webhook's subscription handshake must carry as `hub.verify_token`. */
  WHATSAPP_CLOUD_VERIFY_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  IDENTITY_PROVIDER_CLIENT_ID: z.string().min(1).optional(),
  IDENTITY_PROVIDER_CLIENT_SECRET: z.string().min(1).optional(),
  IDENTITY_PROVIDER_REDIRECT_URI: url.optional(),
  IDENTITY_PROVIDER_TOKEN_URL: url.optional(),
  IDENTITY_PROVIDER_USERINFO_URL: url.optional(),
  /** The provider's authorisation endpoint: with it (and the five above) the console offers identity sign-in. */
  IDENTITY_PROVIDER_AUTHORIZE_URL: url.optional(),
  IDENTITY_PROVIDER_SCOPE: z.string().trim().min(1).default('openid email profile'),
  /** The provider's name on the console's button ("Continue with …"). */
  IDENTITY_PROVIDER_NAME: z.string().trim().min(1).max(40).default('single sign-on'),
  S3_ENDPOINT: url.optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: url.optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  SUPERADMIN_EMAIL: z.email().optional(),
  SUPERADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SCHEDULER_INTERVAL_MS: positiveInt.default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which loops this process runs: `all` (npm start), `api` or `worker`; `--role=` on the command line wins. */
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),

  // Additions of this project (docs/decisions/); every one has a working default.
  CORS_ORIGINS: csv.default([]),
  BODY_LIMIT_BYTES: positiveInt.default(1_048_576),
  TRUST_PROXY: trustProxySetting.default(false),
  IMPORT_MAX_BYTES: positiveInt.default(200 * 1024 * 1024),
  IMPORT_FETCH_TIMEOUT_MS: positiveInt.default(60_000),
  /** Bytes one part of an XLSX import may unpack to (a sheet, the shared strings): the zip-bomb cap. */
  IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES: positiveInt.default(512 * 1024 * 1024),
  /** Hosts (`host` or `host:port`) an import may fetch from even on a private address: your own file server. */
  IMPORT_ALLOWED_HOSTS: csv.default([]),
  /** Hosts (`host` or `host:port`) a contact's media may be fetched from on a private address: a gateway's media server. */
  MEDIA_ALLOWED_HOSTS: csv.default([]),
  /** Hosts (`host` or `host:port`) a webhook endpoint may use on a private address, over http too: your own services. */
  WEBHOOK_ALLOWED_HOSTS: csv.default([]),
  /** The whole of one webhook delivery attempt, from connecting to the answer's last byte. */
  WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
  /** How often a worker looks for webhook deliveries that are due. */
  WEBHOOK_SEND_INTERVAL_MS: positiveInt.default(500),
  /** Webhook deliveries one worker has in flight at once. */
  WEBHOOK_SEND_CONCURRENCY: positiveInt.default(64),
  /** How often a worker looks for media contacts sent that are still to fetch. */
  MEDIA_FETCH_INTERVAL_MS: positiveInt.default(1_000),
  /** The whole of one fetch of a medium (the Cloud API's two steps included), from start to last byte. */
  MEDIA_FETCH_TIMEOUT_MS: positiveInt.default(60_000),
  /** Tries of one medium before its message says it could not be kept. */
  MEDIA_FETCH_ATTEMPTS: positiveInt.default(5),
  /** Contact imports and exports (campaign-message exports too) one business may run at once, per process. */
  TRANSFERS_PER_BUSINESS: positiveInt.default(1),
  /** The longest any one import or export may run, waiting included; past it, it is stopped and its slot freed. */
  TRANSFER_DEADLINE_MS: positiveInt.default(900_000),
  UPLOAD_MAX_BYTES: positiveInt.default(25 * 1024 * 1024),
  UPLOAD_ALLOWED_TYPES: csv.default([
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'application/pdf',
    'video/mp4',
    'text/csv',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ]),
  UPLOAD_URL_TTL_SECONDS: positiveInt.default(900),
  /** Bytes of confirmed files one business may keep; a presign that would pass it is refused (400). */
  UPLOAD_QUOTA_BYTES: positiveInt.default(1024 * 1024 * 1024),
  /** Upload URLs one business may ask for per hour (always on: unconfirmed objects count in no quota). */
  UPLOAD_PRESIGNS_PER_HOUR: positiveInt.default(120),
  /** An upload never confirmed is deleted this long after its last write (by a worker's hourly sweep). */
  UPLOAD_UNCONFIRMED_GRACE_SECONDS: positiveInt.default(86_400),
  DISPATCH_RATE_PER_SECOND: nonNegativeInt.default(80),
  DISPATCH_CONCURRENCY: positiveInt.default(64),
  DISPATCH_BATCH_SIZE: positiveInt.default(500),
  DISPATCH_MAX_ATTEMPTS: positiveInt.default(5),
  DISPATCH_LEASE_MS: positiveInt.default(60_000),
  DISPATCH_POLL_MS: positiveInt.default(1_000),
  /**
   * A Cloud message whose lease ran out while it was being sent waits this long for the `sent` status Meta
   * posts (naming it by `biz_opaque_callback_data`) before it is sent again.
   */
  CLOUD_STATUS_GRACE_MS: positiveInt.default(300_000),
  /** First retry delay of a transient send failure; doubled per attempt (with jitter) up to the max. */
  DISPATCH_RETRY_BASE_MS: positiveInt.default(2_000),
  DISPATCH_RETRY_MAX_MS: positiveInt.default(300_000),
  PROVIDER_TIMEOUT_MS: positiveInt.default(15_000),
  /** How often a worker asks the payment provider about withdrawals pending longer than the next value. */
  WITHDRAWAL_RECONCILE_INTERVAL_MS: positiveInt.default(300_000),
  WITHDRAWAL_RECONCILE_AFTER_MS: positiveInt.default(900_000),
  RATE_LIMIT_ENABLED: flag.default(true),
  /**
   * Requests each API key may make per minute (fixed window, shared through Redis when it is set). A quota of
   * the product, so it holds even with RATE_LIMIT_ENABLED=false.
   */
  API_KEY_RATE_LIMIT_PER_MINUTE: positiveInt.default(600),
  METRICS_ENABLED: flag.default(false),
  /** A worker process's metrics-and-health listener (an API process serves /metrics on its own port). */
  METRICS_PORT: port.default(9464),
  SHUTDOWN_GRACE_MS: positiveInt.default(25_000),
  /** A delivery report whose message id has not appeared after this long is dropped. */
  RECEIPT_PENDING_TTL_MS: positiveInt.default(3_600_000),
  /** How often a worker applies pending delivery reports whose id has appeared, and drops expired ones. */
  RECEIPT_SWEEP_INTERVAL_MS: positiveInt.default(5_000),
  /**
   * The sandbox gateway posts delivery reports to the callback (SANDBOX_RECEIPTS_URL, default this
   * process's own) like a real gateway: a share fails after sent, the rest is delivered after about
   * SANDBOX_DELIVERED_DELAY_MS, and a share of those is read after about SANDBOX_READ_DELAY_MS more.
   */
  SANDBOX_RECEIPTS: flag.default(true),
  SANDBOX_RECEIPTS_URL: url.optional(),
  SANDBOX_DELIVERED_DELAY_MS: nonNegativeInt.default(3_000),
  SANDBOX_READ_DELAY_MS: nonNegativeInt.default(20_000),
  SANDBOX_FAILED_SHARE: share.default(0.03),
  SANDBOX_READ_SHARE: share.default(0.65),
});

type Env = z.output<typeof envSchema>;

export type Config = Omit<
  Env,
  'JWT_SECRET' | 'ENCRYPTION_KEY' | 'PUBLIC_URL' | 'ENCRYPTION_PREVIOUS_KEYS'
> & {
  PUBLIC_URL: string;
  JWT_SECRET: string;
  ENCRYPTION_KEY: string;
  ENCRYPTION_PREVIOUS_KEYS: string[];
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The variables required in production (docs/decisions/platform-http.md "Which variables are required in production?"): without them
 * production would run on throwaway defaults.
 */
const PRODUCTION_REQUIRED = [
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  'DATABASE_URL',
  'PAYMENT_PROVIDER_SECRET_KEY',
  'MESSAGING_WEBHOOK_SECRET',
] as const;

/**
 * Reads and validates the environment. Every bad variable is named in one error, so an operator fixes
 * them all in one go. Outside production, missing secrets are generated once and kept in $DATA_DIR.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty string means "unset": shells and compose files often export VAR= for optional values.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).sort(),
    );
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.NODE_ENV === 'production') {
    for (const key of PRODUCTION_REQUIRED) {
      if (!e[key]) problems.push(`${key}: required when NODE_ENV=production`);
    }
  }
  const s3Keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  const s3Set = s3Keys.filter((k) => e[k]);
  if (s3Set.length > 0 && s3Set.length < s3Keys.length) {
    for (const k of s3Keys)
      if (!e[k]) problems.push(`${k}: required when any of ${s3Keys.join(', ')} is set`);
  }
  if (e.SUPERADMIN_EMAIL && !e.SUPERADMIN_PASSWORD) {
    problems.push('SUPERADMIN_PASSWORD: required when SUPERADMIN_EMAIL is set');
  }
  if (problems.length) throw new ConfigError(problems);

  const secrets =
    e.JWT_SECRET && e.ENCRYPTION_KEY
      ? { JWT_SECRET: e.JWT_SECRET, ENCRYPTION_KEY: e.ENCRYPTION_KEY }
      : {
          ...localSecrets(e.DATA_DIR),
          ...definedOnly({ JWT_SECRET: e.JWT_SECRET, ENCRYPTION_KEY: e.ENCRYPTION_KEY }),
        };

  return {
    ...e,
    ...secrets,
    PUBLIC_URL: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
  };
}

function definedOnly<T extends Record<string, string | undefined>>(o: T): Partial<Record<keyof T, string>> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<
    Record<keyof T, string>
  >;
}

/** Secrets for a laptop: generated on first start and reused, so tokens and ciphertexts survive a restart. */
function localSecrets(dataDir: string): { JWT_SECRET: string; ENCRYPTION_KEY: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { JWT_SECRET: string; ENCRYPTION_KEY: string };
    if (stored.JWT_SECRET && stored.ENCRYPTION_KEY) return stored;
  }
  const fresh = {
    JWT_SECRET: randomBytes(48).toString('base64url'),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return fresh;
}

/**
 * The environment a launcher (`npm run cluster`) hands on to the processes it starts, each of which reads
 * it again through `loadConfig`.
 */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env };
}

/** A config for tests and benchmarks: defaults plus overrides, never touching process.env or the disk. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    DATA_DIR: '/nonexistent-test-data-dir',
    // Abuse limits would throttle suites that sign in many times from one address; a test that checks
    // them turns them on with RATE_LIMIT_ENABLED=true.
    RATE_LIMIT_ENABLED: 'false',
    // No listener runs for the sandbox gateway's delivery reports to reach; a test that wants them says so.
    SANDBOX_RECEIPTS: 'false',
    ...overrides,
  });
}
