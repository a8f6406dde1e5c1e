import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { openApiDocument, SCHEMA_FILE, schemaTypes } from '../../scripts/web-openapi.js';

// The web console is typed by web/src/api/schema.d.ts; a route whose schema changed without regenerating
// it would let the console compile against an API that no longer exists.
it('the web console types match the service OpenAPI document (run `npm run web:api` after a route change)', async () => {
  const committed = await readFile(SCHEMA_FILE, 'utf8');
  const current = await schemaTypes(await openApiDocument());
  expect(committed === current, 'web/src/api/schema.d.ts is out of date: run `npm run web:api`').toBe(true);
}, 120_000);
