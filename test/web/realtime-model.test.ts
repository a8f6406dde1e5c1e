import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { API_DOC, MODEL_FILE, modelSource, withRealtimeDocBlock } from '../../scripts/web-model.js';

// The console's message states and socket events (web/src/api/model.ts) and the event table of docs/api.md
// are generated from the server's declarations; a declaration changed without regenerating them would let
// the console listen for events, or show states, the server no longer has.
it('the web console model matches the message states and real-time events (run `npm run web:api`)', async () => {
  const committed = await readFile(MODEL_FILE, 'utf8');
  expect(committed === modelSource(), 'web/src/api/model.ts is out of date: run `npm run web:api`').toBe(
    true,
  );
});

it('docs/api.md lists the real-time events as declared (run `npm run web:api`)', async () => {
  const doc = await readFile(API_DOC, 'utf8');
  expect(withRealtimeDocBlock(doc) === doc, 'docs/api.md real-time events are out of date').toBe(true);
});
