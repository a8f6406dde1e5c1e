import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../../platform/db/client.js';
import { contactFieldDefinitions, contacts } from '../../../platform/db/schema/index.js';
import type { FieldDefinition } from './field-types.js';

export type FieldDefinitionRow = typeof contactFieldDefinitions.$inferSelect;

/** The business's fields, oldest first: the order of the export's columns and of the filter builder. */
export function listFieldDefinitions(db: Db, businessId: string): Promise<FieldDefinitionRow[]> {
  return db
    .select()
    .from(contactFieldDefinitions)
    .where(eq(contactFieldDefinitions.businessId, businessId))
    .orderBy(asc(contactFieldDefinitions.createdAt), asc(contactFieldDefinitions.key));
}

export async function fieldDefinitionsOf(db: Db, businessId: string): Promise<FieldDefinition[]> {
  const rows = await listFieldDefinitions(db, businessId);
  return rows.map(({ key, label, type, choices }) => ({ key, label, type, choices }));
}

export async function findFieldDefinition(
  db: Db,
  businessId: string,
  id: string,
): Promise<FieldDefinitionRow | null> {
  const [row] = await db
    .select()
    .from(contactFieldDefinitions)
    .where(and(eq(contactFieldDefinitions.businessId, businessId), eq(contactFieldDefinitions.id, id)));
  return row ?? null;
}

/**
 * Serialises the business's field changes, so two creates cannot both pass the cap of 50 (the count is
 * read after the lock, in the same transaction).
 */
export async function lockFieldDefinitions(db: Db, businessId: string): Promise<number> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contact-fields:${businessId}`}, 0))`);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${contactFieldDefinitions} WHERE ${contactFieldDefinitions.businessId} = ${businessId}`,
  );
  return Number(row?.n ?? 0);
}

export async function insertFieldDefinition(
  db: Db,
  businessId: string,
  def: FieldDefinition,
): Promise<FieldDefinitionRow> {
  const [row] = await db
    .insert(contactFieldDefinitions)
    .values({ businessId, ...def })
    .returning();
  return row!;
}

export async function updateFieldDefinition(
  db: Db,
  businessId: string,
  id: string,
  patch: { label?: string; choices?: string[] },
): Promise<FieldDefinitionRow | null> {
  const [row] = await db
    .update(contactFieldDefinitions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contactFieldDefinitions.businessId, businessId), eq(contactFieldDefinitions.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteFieldDefinition(db: Db, businessId: string, id: string) {
  const [row] = await db
    .delete(contactFieldDefinitions)
    .where(and(eq(contactFieldDefinitions.businessId, businessId), eq(contactFieldDefinitions.id, id)))
    .returning();
  return row ?? null;
}

/**
 * Removes a field's values from the business's contacts (`fields ? key` is served by the GIN index), so a
 * field later made with the same key never finds old values of another type.
 */
export async function removeFieldValues(db: Db, businessId: string, key: string): Promise<number> {
  const rows = await db
    .update(contacts)
    .set({ fields: sql`${contacts.fields} - ${key}::text` })
    .where(and(eq(contacts.businessId, businessId), sql`${contacts.fields} ? ${key}`))
    .returning({ id: contacts.id });
  return rows.length;
}

/** Contacts whose value of a choice field is no longer one of its choices. */
export async function valuesOutsideChoices(
  db: Db,
  businessId: string,
  key: string,
  choices: readonly string[],
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM ${contacts}
        WHERE ${contacts.businessId} = ${businessId} AND ${contacts.fields} ? ${key}
          AND NOT ((${contacts.fields} ->> ${key}) = ANY(${`{${choices.map((c) => `"${c.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]))`,
  );
  return Number(row?.n ?? 0);
}

/** The keys of the business's contact fields. */
export async function contactFieldKeys(db: Db, businessId: string): Promise<string[]> {
  return (await fieldDefinitionsOf(db, businessId)).map((d) => d.key);
}

/** The field values of some contacts of a business, in one statement (the dispatcher's batch). */
export async function contactFieldValues(
  db: Db,
  businessId: string,
  contactIds: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (!contactIds.length) return new Map();
  const rows = await db
    .select({ id: contacts.id, fields: contacts.fields })
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, businessId),
        sql`${contacts.id} = ANY(${sql.param([...contactIds])}::uuid[])`,
      ),
    );
  return new Map(rows.map((r) => [r.id, r.fields as Record<string, unknown>]));
}
