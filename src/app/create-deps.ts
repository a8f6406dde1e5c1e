/** Builds `AppDeps`: each port wired to its real adapter when configured, else to its embedded default. */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AppDeps, ModuleObjects, PortOverrides } from '../deps.js';
import { rechargeDeliveredMessages, settleDeliveredMessages } from '../modules/campaigns/index.js';
import { contactsObjects } from '../modules/contacts/index.js';
import { conversationsObjects } from '../modules/conversations/index.js';
import { linksObjects } from '../modules/links/index.js';
import { messagesObjects } from '../modules/messages/index.js';
import { Notifier } from '../modules/notifications/index.js';
import { TokenService } from '../platform/auth/tokens.js';
import type { Config } from '../platform/config.js';
import type { Database } from '../platform/db/client.js';
import { allowedOrigins } from '../platform/http/cors-policy.js';
import { LogMailAdapter } from '../platform/mail/log.adapter.js';
import { SmtpMailAdapter } from '../platform/mail/smtp.adapter.js';
import { noSessionSockets, RealtimeGateway } from '../platform/realtime.js';
import type { RealtimeHub } from '../platform/realtime-hub.js';
import { SecretBox } from '../platform/secret-box.js';
import { LocalStorageAdapter } from '../platform/storage/local.adapter.js';
import { S3StorageAdapter } from '../platform/storage/s3.adapter.js';
import type { StoragePort } from '../platform/storage/storage.port.js';
import type { IdentityPort } from '../providers/identity/identity.port.js';
import { OAuthIdentityAdapter } from '../providers/identity/oauth.adapter.js';
import { UnconfiguredIdentityAdapter } from '../providers/identity/unconfigured.adapter.js';
import { CloudMessagingAdapter, DEFAULT_CLOUD_BASE_URL } from '../providers/messaging/cloud.adapter.js';
import type { CloudMessagingPort } from '../providers/messaging/cloud.port.js';
import { CloudSandboxAdapter } from '../providers/messaging/cloud-sandbox.adapter.js';
import { GatewayMessagingAdapter } from '../providers/messaging/gateway.adapter.js';
import type { MessagingPort } from '../providers/messaging/messaging.port.js';
import { ReceiptEmitter } from '../providers/messaging/receipt-emitter.js';
import { SandboxMessagingAdapter } from '../providers/messaging/sandbox.adapter.js';
import type { PaymentPort } from '../providers/payment/payment.port.js';
import { DEFAULT_PAYMENT_PROVIDER_BASE_URL, RestPaymentAdapter } from '../providers/payment/rest.adapter.js';
import { SandboxPaymentAdapter } from '../providers/payment/sandbox.adapter.js';

/** Wires each port to its real adapter when configured, else to its embedded default. */
export function createDeps(
  config: Config,
  database: Database,
  logger: Logger,
  overrides: PortOverrides = {},
): AppDeps {
  const redis =
    overrides.redis ??
    (config.REDIS_URL
      ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3, lazyConnect: false })
      : undefined);
  redis?.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
  // Attached to the HTTP server by main.ts in API processes; in a worker it only emits (through Redis).
  const realtime =
    overrides.realtime ??
    new RealtimeGateway({
      logger,
      redis,
      corsOrigin: allowedOrigins(config),
    });
  // Which adapter runs is decided here and nowhere else: the rest of the code reads these fields.
  const gateway = realtime instanceof RealtimeGateway ? realtime : undefined;
  const storage = overrides.storage ?? createStorage(config);
  const payment = overrides.payment ?? paymentAdapter(config);
  const cloudWebhook = overrides.cloudWebhook ?? cloudWebhookSecrets(config);
  const cloud = overrides.cloud ?? cloudAdapter(config, cloudWebhook.appSecret, logger);
  return {
    config,
    database,
    db: database.db,
    logger,
    tokens: overrides.tokens ?? new TokenService(config.JWT_SECRET),
    secretBox: overrides.secretBox ?? new SecretBox(config.ENCRYPTION_KEY, config.ENCRYPTION_PREVIOUS_KEYS),
    mail:
      overrides.mail ??
      (config.SMTP_URL
        ? new SmtpMailAdapter(config.SMTP_URL, config.MAIL_FROM)
        : new LogMailAdapter(logger, config.NODE_ENV !== 'production')),
    storage,
    payment,
    messaging: overrides.messaging ?? messagingAdapter(config, logger),
    cloud,
    cloudWebhook,
    identity: overrides.identity ?? identityAdapter(config),
    realtime,
    gateway,
    sessionSockets: overrides.sessionSockets ?? gateway ?? noSessionSockets,
    notifier: new Notifier(database.db, realtime, logger),
    sandboxes: {
      storage: storage instanceof LocalStorageAdapter ? storage : undefined,
      payment: payment instanceof SandboxPaymentAdapter ? payment : undefined,
      cloud: cloud instanceof CloudSandboxAdapter ? cloud : undefined,
    },
    redis,
    ...moduleObjects(config, database, realtime, storage, logger),
  };
}

/**
 * The objects each module keeps one of per process (batches, caches, slots), made here once so every route
 * and job of the process shares them: the API process's webhooks and redirects and the worker's jobs each
 * use their own process's.
 */
function moduleObjects(
  config: Config,
  database: Database,
  realtime: RealtimeHub,
  storage: StoragePort,
  logger: Logger,
): ModuleObjects {
  const db = database.db;
  const messages = messagesObjects({
    db,
    realtime,
    logger,
    recharge: rechargeDeliveredMessages,
    settle: settleDeliveredMessages,
  });
  return {
    ...messages,
    ...conversationsObjects({ db, realtime, storage, config }),
    ...contactsObjects(config),
    ...linksObjects({ db, logger, config, campaignProgress: messages.campaignProgress }),
  };
}

/** S3 (or compatible) when S3_BUCKET is set (config requires its credentials with it), else the local disk. */
function createStorage(config: Config): StoragePort {
  if (config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return new S3StorageAdapter({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      publicUrl: config.S3_PUBLIC_URL,
      uploadTtlSeconds: config.UPLOAD_URL_TTL_SECONDS,
    });
  }
  return new LocalStorageAdapter(
    path.resolve(config.DATA_DIR, 'uploads'),
    config.PUBLIC_URL,
    config.JWT_SECRET,
    config.UPLOAD_URL_TTL_SECONDS,
  );
}

/** The provider's REST API when its secret key is set; otherwise the embedded sandbox checkout. */
function paymentAdapter(config: Config): PaymentPort {
  if (!config.PAYMENT_PROVIDER_SECRET_KEY)
    return new SandboxPaymentAdapter(config.PUBLIC_URL, `sandbox-${config.JWT_SECRET}`);
  return new RestPaymentAdapter({
    baseUrl: config.PAYMENT_PROVIDER_BASE_URL ?? DEFAULT_PAYMENT_PROVIDER_BASE_URL,
    secretKey: config.PAYMENT_PROVIDER_SECRET_KEY,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
}

/** The real OAuth adapter once every IDENTITY_PROVIDER_* variable is set; else a clear 500 at sign-in. */
function identityAdapter(config: Config): IdentityPort {
  const {
    IDENTITY_PROVIDER_CLIENT_ID: clientId,
    IDENTITY_PROVIDER_CLIENT_SECRET: clientSecret,
    IDENTITY_PROVIDER_REDIRECT_URI: redirectUri,
    IDENTITY_PROVIDER_TOKEN_URL: tokenUrl,
    IDENTITY_PROVIDER_USERINFO_URL: userInfoUrl,
  } = config;
  if (!clientId || !clientSecret || !redirectUri || !tokenUrl || !userInfoUrl)
    return new UnconfiguredIdentityAdapter();
  return new OAuthIdentityAdapter({
    clientId,
    clientSecret,
    redirectUri,
    tokenUrl,
    userInfoUrl,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
  });
}

/** The sandbox's delivery reports, posted to this service's own callback unless SANDBOX_RECEIPTS is off. */
function sandboxReceipts(config: Config, logger: Logger): ReceiptEmitter | undefined {
  if (!config.SANDBOX_RECEIPTS) return undefined;
  return new ReceiptEmitter(
    {
      url:
        config.SANDBOX_RECEIPTS_URL ??
        `http://127.0.0.1:${config.PORT}/api/v1/webhooks/messaging-provider/delivery-reports`,
      token: config.MESSAGING_WEBHOOK_SECRET,
      deliveredDelayMs: config.SANDBOX_DELIVERED_DELAY_MS,
      readDelayMs: config.SANDBOX_READ_DELAY_MS,
      failedShare: config.SANDBOX_FAILED_SHARE,
      readShare: config.SANDBOX_READ_SHARE,
    },
    logger,
  );
}

/** The enterprise gateway when its base URL is set; otherwise the sandbox that records messages. */
function messagingAdapter(config: Config, logger: Logger): MessagingPort {
  if (!config.MESSAGING_PROVIDER_BASE_URL)
    return new SandboxMessagingAdapter(logger, 10_000, sandboxReceipts(config, logger));
  return new GatewayMessagingAdapter({
    baseUrl: config.MESSAGING_PROVIDER_BASE_URL,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    // One connection per concurrent send, plus a few for webhook confirmations.
    connections: config.DISPATCH_CONCURRENCY + 4,
  });
}

/** The built-in Cloud sandbox runs in development when none of the WHATSAPP_CLOUD_* variables is set. */
function cloudSandboxed(config: Config): boolean {
  return (
    config.NODE_ENV !== 'production' &&
    !config.WHATSAPP_CLOUD_BASE_URL &&
    !config.WHATSAPP_CLOUD_APP_SECRET &&
    !config.WHATSAPP_CLOUD_VERIFY_TOKEN
  );
}

function cloudWebhookSecrets(config: Config): AppDeps['cloudWebhook'] {
  const appSecret =
    config.WHATSAPP_CLOUD_APP_SECRET ??
    (cloudSandboxed(config)
      ? createHmac('sha256', config.JWT_SECRET).update('whatsapp-cloud-sandbox').digest('hex')
      : undefined);
  return { appSecret, verifyToken: config.WHATSAPP_CLOUD_VERIFY_TOKEN };
}

/** The Graph API (WHATSAPP_CLOUD_BASE_URL, default Meta's), or the built-in sandbox in development. */
function cloudAdapter(config: Config, appSecret: string | undefined, logger: Logger): CloudMessagingPort {
  if (cloudSandboxed(config) && appSecret)
    return new CloudSandboxAdapter(
      {
        webhookUrl: `http://127.0.0.1:${config.PORT}/api/v1/webhooks/whatsapp-cloud`,
        appSecret,
        approveAfterMs: 5_000,
        deliveredDelayMs: config.SANDBOX_DELIVERED_DELAY_MS,
        emit: config.SANDBOX_RECEIPTS,
      },
      logger,
    );
  return new CloudMessagingAdapter({
    baseUrl: config.WHATSAPP_CLOUD_BASE_URL ?? DEFAULT_CLOUD_BASE_URL,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    connections: config.DISPATCH_CONCURRENCY + 4,
  });
}
