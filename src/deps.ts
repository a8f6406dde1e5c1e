import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { TokenService } from './platform/auth/tokens.js';
import type { Config } from './platform/config.js';
import type { Database, Db } from './platform/db/client.js';
import type { MailPort } from './platform/mail/mail.port.js';
import type { NotifierPort } from './platform/notifier.port.js';
import type { RealtimeGateway, SessionSockets } from './platform/realtime.js';
import type { RealtimeHub } from './platform/realtime-hub.js';
import type { SecretBox } from './platform/secret-box.js';
import type { LocalStorageAdapter } from './platform/storage/local.adapter.js';
import type { StoragePort } from './platform/storage/storage.port.js';
import type { IdentityPort } from './providers/identity/identity.port.js';
import type { CloudMessagingPort } from './providers/messaging/cloud.port.js';
import type { CloudSandboxAdapter } from './providers/messaging/cloud-sandbox.adapter.js';
import type { MessagingPort } from './providers/messaging/messaging.port.js';
import type { PaymentPort } from './providers/payment/payment.port.js';
import type { SandboxPaymentAdapter } from './providers/payment/sandbox.adapter.js';

/**
 * The objects a module keeps one of per process (a batch shared by every caller, a cache, a set of slots).
 * Each module declares its own in its `module-objects.ts` (`declare module '../../deps.js'`) beside the
 * factory that makes them, and `app/create-deps.ts` calls those factories with the rest of the
 * dependencies, so this file still names no module.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the modules that own these objects declare its members
export interface ModuleObjects {}

/**
 * Everything a module or a job may use. Built once per process (and once per test file) by
 * `app/create-deps.ts`, passed down; tests replace any port with a simulator-backed adapter. This file holds
 * types only and names no module, so every module can import it without a circle.
 */
export interface AppDeps extends ModuleObjects {
  config: Config;
  database: Database;
  db: Db;
  logger: Logger;
  tokens: TokenService;
  secretBox: SecretBox;
  mail: MailPort;
  storage: StoragePort;
  payment: PaymentPort;
  messaging: MessagingPort;
  /** The WhatsApp Cloud API, for businesses connected with `provider: "whatsapp-cloud"`. */
  cloud: CloudMessagingPort;
  /**
   * The Cloud webhook's secrets: the app secret its signatures are checked with (in development without
   * WHATSAPP_CLOUD_APP_SECRET, the built-in sandbox's own), and the handshake's verify token (none: 403).
   */
  cloudWebhook: { appSecret?: string; verifyToken?: string };
  identity: IdentityPort;
  realtime: RealtimeHub;
  /** The socket.io gateway when `realtime` is one: main.ts attaches it to the HTTP server. */
  gateway?: RealtimeGateway;
  /** Ends the real-time connections of revoked sessions: the gateway, or nothing where none runs. */
  sessionSockets: SessionSockets;
  /** The one way notifications are created (persisted, then pushed through `realtime`). */
  notifier: NotifierPort;
  /** The embedded stand-ins running in place of a real provider; each serves routes of its own. */
  sandboxes: Sandboxes;
  /** Present when REDIS_URL is set: shared rate-limit counters and real-time fan-out. */
  redis?: Redis;
}

export interface Sandboxes {
  /** Uploads on the local disk, written and read through the service's own signed URLs. */
  storage?: LocalStorageAdapter;
  /** The payment provider's stand-in, with a checkout page of its own. */
  payment?: SandboxPaymentAdapter;
  /** The Cloud API's stand-in: approves templates and reports statuses through the service's own webhook. */
  cloud?: CloudSandboxAdapter;
}

/** Ports a test or a second instance may replace; the rest is derived from them. */
export type PortOverrides = Partial<
  Omit<
    AppDeps,
    'config' | 'database' | 'db' | 'logger' | 'gateway' | 'notifier' | 'sandboxes' | keyof ModuleObjects
  >
>;
