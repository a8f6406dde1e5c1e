import type { LightMyRequestResponse } from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createDeps } from '../src/app/create-deps.js';
import { API_PREFIX, buildApp } from '../src/app.js';
import type { AppDeps, PortOverrides } from '../src/deps.js';
import { testConfig } from '../src/platform/config.js';
import type { Db } from '../src/platform/db/client.js';
import type { ZodApp } from '../src/platform/http/types.js';
import { createLogger } from '../src/platform/logger.js';
import { RecordingRealtimeHub } from '../src/platform/realtime-hub.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { Mailbox } from './mailbox.js';

export interface TestRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Relative to /api/v1 unless it starts with `/api/`, `/docs`, `/openapi` or another root path given as `raw`. */
  url: string;
  token?: string;
  body?: unknown;
  /** A body sent exactly as given (malformed JSON, CSV). */
  payload?: string | Buffer;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  query?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a parsed JSON envelope, asserted field by field in tests
  body: any;
  headers: LightMyRequestResponse['headers'];
  text: string;
  raw: LightMyRequestResponse;
}

export interface TestApp {
  app: ZodApp;
  deps: AppDeps;
  db: Db;
  testDb: TestDatabase;
  mailbox: Mailbox;
  /** Every real-time event the service emitted (room, event, payload), unless `ports.realtime` was given. */
  realtime: RecordingRealtimeHub;
  request(req: TestRequest): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment, as strings (the same validation as start-up). */
  env?: Record<string, string>;
  /** Adapters to use instead of the embedded defaults (simulator-backed real adapters). */
  ports?: PortOverrides;
  /** Routes added for a test (envelope and error-handling tests). */
  routes?: (app: ZodApp) => void | Promise<void>;
  poolSize?: number;
  /** The service's logger (a test that reads every log line gives one writing to its own stream). */
  logger?: Logger;
}

/** A whole service on a fresh database, with a real SMTP peer, driven through `app.inject`. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const mailbox = await new Mailbox().start();
  const testDb = await createTestDatabase({ poolSize: opts.poolSize });
  const config = testConfig({ SMTP_URL: mailbox.url, PUBLIC_URL: 'http://127.0.0.1:4000', ...opts.env });
  const realtime = new RecordingRealtimeHub();
  const deps = createDeps(config, testDb.database, opts.logger ?? createLogger(config.LOG_LEVEL), {
    realtime,
    ...opts.ports,
  });
  const app = await buildApp(deps);
  await opts.routes?.(app);
  await app.ready();

  const request = async (req: TestRequest): Promise<TestResponse> => {
    const url =
      req.url.startsWith('/api/') || !req.url.startsWith('/') || isRootPath(req.url)
        ? req.url
        : `${API_PREFIX}${req.url}`;
    const headers: Record<string, string> = { ...req.headers };
    if (req.token) headers.authorization = `Bearer ${req.token}`;
    const raw = await app.inject({
      method: req.method ?? (req.body === undefined && req.payload === undefined ? 'GET' : 'POST'),
      url,
      headers,
      cookies: req.cookies,
      query: req.query,
      ...(req.payload !== undefined
        ? { payload: req.payload }
        : req.body !== undefined
          ? { payload: req.body as object }
          : {}),
    });
    let body: unknown;
    try {
      body = raw.body ? JSON.parse(raw.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: raw.statusCode, body, headers: raw.headers, text: raw.body, raw };
  };

  return {
    app,
    deps,
    db: deps.db,
    testDb,
    mailbox,
    realtime,
    request,
    close: async () => {
      await app.close();
      await deps.mail.close?.();
      deps.redis?.disconnect();
      await testDb.drop();
      await mailbox.stop();
    },
  };
}

const ROOT_PATHS = ['/docs', '/openapi.json', '/storage/', '/sandbox/', '/metrics', '/socket.io', '/l/'];
function isRootPath(url: string): boolean {
  return ROOT_PATHS.some((p) => url.startsWith(p));
}

/**
 * Registers beforeAll/afterAll for one test app per file and returns it. Its fields are filled in
 * beforeAll, so read them inside tests, not at module level.
 */
export function useTestApp(opts: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await createTestApp(opts));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}
