/**
 * The web console's typed API client is generated from the service's own OpenAPI document, built in-process
 * (no server, no network): `npm run web:api` rewrites web/src/api/schema.d.ts, and a test fails when the
 * committed file differs from what the current routes produce. It also writes web/src/api/model.ts (message
 * states, real-time events) and the real-time event table of docs/api.md (see web-model.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { createDeps } from '../src/app/create-deps.js';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/platform/config.js';
import { openDatabase } from '../src/platform/db/client.js';
import { createLogger } from '../src/platform/logger.js';
import { API_DOC, MODEL_FILE, modelSource, withRealtimeDocBlock } from './web-model.js';

export const SCHEMA_FILE = fileURLToPath(new URL('../web/src/api/schema.d.ts', import.meta.url));

const BANNER = "// Generated from the service's /openapi.json by `npm run web:api`; do not edit.\n";

/** The OpenAPI document of the current routes (an app on an empty, unmigrated embedded database). */
export async function openApiDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase({});
  const config = testConfig({ PUBLIC_URL: 'http://localhost:4000' });
  const deps = createDeps(config, database, createLogger('silent'));
  const app = await buildApp(deps);
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await deps.mail.close?.();
    deps.redis?.disconnect();
    await database.close();
  }
}

/** The TypeScript the web client is typed with, for a document. */
export async function schemaTypes(doc: Record<string, unknown>): Promise<string> {
  // biome-ignore lint/suspicious/noExplicitAny: openapi-typescript's own document type is stricter than swagger's
  return BANNER + astToString(await openapiTS(doc as any, { alphabetize: true }));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await schemaTypes(await openApiDocument());
  await writeFile(SCHEMA_FILE, text);
  console.log(`wrote ${SCHEMA_FILE} (${text.length} characters)`);
  // The message states and the real-time events, from their declarations (scripts/web-model.ts).
  await writeFile(MODEL_FILE, modelSource());
  console.log(`wrote ${MODEL_FILE}`);
  await writeFile(API_DOC, withRealtimeDocBlock(await readFile(API_DOC, 'utf8')));
  console.log(`wrote the real-time events of ${API_DOC}`);
  process.exit(0);
}
