import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseDefinitions,
  databaseDefinitions,
  migrationStatements,
} from '../../scripts/db-functions.js';
import { DB_FUNCTIONS, DB_TRIGGERS } from '../../src/platform/db/functions.js';
import { MESSAGE_STATES } from '../../src/vocabulary/message-states.js';
import { createTestDatabase, type TestDatabase } from '../database.js';

// src/platform/db/functions.ts is the one source of the database's functions and triggers; migrations are
// made from it (`npm run db:functions -- <name>`). A definition edited there without its migration, or a
// migration that changed a function by hand, leaves the migrated database different from the source.
describe(`database functions on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  let testDb: TestDatabase;
  let migrated: DatabaseDefinitions;
  beforeAll(async () => {
    testDb = await createTestDatabase({ migrate: true });
    migrated = await databaseDefinitions(testDb.database.db);
  }, 180_000);
  afterAll(async () => {
    await testDb?.drop();
  });

  it('are, once migrated, exactly the source (run `npm run db:functions -- <name>` after changing it)', () => {
    expect(migrated.functions.map((f) => f.name).sort()).toEqual(DB_FUNCTIONS.map((f) => f.name).sort());
    for (const f of DB_FUNCTIONS) {
      expect(migrated.functions.find((m) => m.name === f.name)?.body, f.name).toBe(f.body);
    }
    expect(migrated.triggers.map((t) => t.name).sort()).toEqual(DB_TRIGGERS.map((t) => t.name).sort());
    expect(migrated.messageStates).toEqual([...MESSAGE_STATES]);
    expect(migrationStatements(migrated)).toEqual([]);
  });

  it('make a migration of what changed: a function body, a trigger, a new message state', () => {
    const changed: DatabaseDefinitions = {
      functions: migrated.functions.map((f) =>
        f.name === 'message_counters_after_update' ? { ...f, body: `${f.body}-- older\n` } : f,
      ),
      triggers: migrated.triggers.filter((t) => t.name !== 'contact_counts_delete'),
      messageStates: migrated.messageStates.filter((s) => s !== 'read'),
    };
    const statements = migrationStatements(changed);
    expect(statements).toEqual([
      `ALTER TYPE "public"."message_status" ADD VALUE 'read' BEFORE 'failed';`,
      expect.stringContaining('CREATE OR REPLACE FUNCTION message_counters_after_update() RETURNS trigger'),
      'CREATE TRIGGER contact_counts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows ' +
        'FOR EACH STATEMENT EXECUTE FUNCTION contact_counts_after_delete();',
    ]);
  });

  it('drop what the source no longer has', () => {
    const extra: DatabaseDefinitions = {
      ...migrated,
      functions: [...migrated.functions, { ...migrated.functions[0]!, name: 'gone_after_insert', args: '' }],
      triggers: [
        ...migrated.triggers,
        { name: 'gone_insert', table: 'contacts', definition: 'CREATE TRIGGER gone_insert ...' },
      ],
    };
    expect(migrationStatements(extra)).toEqual([
      'DROP TRIGGER IF EXISTS gone_insert ON contacts;',
      'DROP FUNCTION gone_after_insert();',
    ]);
  });
});
