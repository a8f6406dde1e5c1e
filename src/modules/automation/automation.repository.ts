import { and, count, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, queryRowsPrepared } from '../../platform/db/client.js';
import { newestFirstPage } from '../../platform/db/paging.js';
import {
  automationOptOuts,
  automationRules,
  automationSettings,
  businessHours,
} from '../../platform/db/schema/index.js';
import type { PageQuery } from '../../platform/http/pagination.js';

export type RuleRow = typeof automationRules.$inferSelect;
export type RuleValues = Omit<typeof automationRules.$inferInsert, 'id' | 'businessId' | 'usesCount'>;

export async function listRules(db: Db, businessId: string, q: PageQuery) {
  const where = eq(automationRules.businessId, businessId);
  const [rows, [total]] = await Promise.all([
    newestFirstPage(db.select().from(automationRules).where(where).$dynamic(), automationRules, q),
    db.select({ n: count() }).from(automationRules).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findRule(db: Db, businessId: string, id: string): Promise<RuleRow | null> {
  const [row] = await db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.businessId, businessId), eq(automationRules.id, id)));
  return row ?? null;
}

export async function insertRule(db: Db, businessId: string, values: RuleValues): Promise<RuleRow> {
  const [row] = await db
    .insert(automationRules)
    .values({ ...values, businessId })
    .returning();
  return row!;
}

export async function updateRule(
  db: Db,
  businessId: string,
  id: string,
  values: Partial<RuleValues>,
): Promise<RuleRow | null> {
  const [row] = await db
    .update(automationRules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(automationRules.businessId, businessId), eq(automationRules.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteRule(db: Db, businessId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(automationRules)
    .where(and(eq(automationRules.businessId, businessId), eq(automationRules.id, id)))
    .returning({ id: automationRules.id });
  return rows.length > 0;
}

/** The rules the engine reads: switched on, whatever their dates (checked per message). */
export async function enabledRules(db: Db, businessId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.businessId, businessId), eq(automationRules.enabled, true)));
}

export async function findHours(db: Db, businessId: string) {
  const [row] = await db.select().from(businessHours).where(eq(businessHours.businessId, businessId));
  return row ?? null;
}

export async function saveHours(
  db: Db,
  businessId: string,
  values: { timeZone: string; week: (typeof businessHours.$inferInsert)['week'] },
) {
  const [row] = await db
    .insert(businessHours)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: businessHours.businessId, set: { ...values, updatedAt: new Date() } })
    .returning();
  return row!;
}

export async function findSettings(db: Db, businessId: string) {
  const [row] = await db
    .select()
    .from(automationSettings)
    .where(eq(automationSettings.businessId, businessId));
  return row ?? null;
}

export async function saveSettings(
  db: Db,
  businessId: string,
  values: { optOutWords: string[]; cooldownSeconds: number; dailyCap: number },
) {
  const [row] = await db
    .insert(automationSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({
      target: automationSettings.businessId,
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/** A contact sent an opt-out word: no automated reply until it opts in again. */
export async function markOptedOut(db: Db, businessId: string, phone: string): Promise<void> {
  await db
    .insert(automationOptOuts)
    .values({ businessId, phoneNumber: phone })
    .onConflictDoUpdate({
      target: [automationOptOuts.businessId, automationOptOuts.phoneNumber],
      set: { at: new Date() },
    });
}

export async function clearOptedOut(db: Db, businessId: string, phone: string): Promise<void> {
  await db
    .delete(automationOptOuts)
    .where(and(eq(automationOptOuts.businessId, businessId), eq(automationOptOuts.phoneNumber, phone)));
}

/** What the engine needs to know of each conversation a delivery wrote to, in one statement. */
export interface ConversationState {
  id: string;
  phoneNumber: string;
  paused: boolean;
  optedOut: boolean;
  /** The contact wrote before this delivery (so no welcome). */
  wroteBefore: boolean;
  sentToday: number;
  /** When each rule last answered it (within the longest cooldown in use). */
  recent: { ruleId: string; at: string }[] | string | null;
}

export async function conversationStates(
  db: Db,
  businessId: string,
  conversationIds: string[],
  batchMessageIds: string[],
  withWelcome: boolean,
  recentSeconds: number,
): Promise<ConversationState[]> {
  // Prepared: one per delivery with rules in place, planned once per connection.
  return queryRowsPrepared<ConversationState>(
    db,
    'automation-conversation-states',
    sql`
      SELECT v.id, v.phone_number AS "phoneNumber", v.automation_paused AS paused,
             -- Scalar subqueries with LIMIT, not EXISTS: one index probe per conversation, which the
             -- planner cannot swap for a hashed scan of the whole table when it misjudges its size.
             (SELECT true FROM automation_opt_outs o
              WHERE o.business_id = ${businessId} AND o.phone_number = v.phone_number LIMIT 1)
               IS NOT NULL AS "optedOut",
             CASE WHEN ${withWelcome} THEN (
               SELECT true FROM conversation_messages m
               WHERE m.conversation_id = v.id AND m.direction = 'in'
                 AND NOT (m.id = ANY(${`{${batchMessageIds.join(',')}}`}::uuid[])) LIMIT 1) IS NOT NULL
             ELSE true END AS "wroteBefore",
             (SELECT count(*)::int FROM automation_sends s
              WHERE s.conversation_id = v.id AND s.sent_at > now() - interval '24 hours') AS "sentToday",
             (SELECT json_agg(json_build_object('ruleId', s.rule_id, 'at', s.sent_at))
              FROM automation_sends s
              WHERE s.conversation_id = v.id
                AND s.sent_at > now() - ${recentSeconds} * interval '1 second') AS recent
      -- By primary key only, then checked: planned once for every business and size, a plan that scanned
      -- the business's conversations and filtered them by id (its generic choice) read all of them for
      -- every delivery. LIMIT keeps the business check out of the subquery and so out of its index choice.
      FROM unnest(${`{${conversationIds.join(',')}}`}::uuid[]) AS want(id)
      CROSS JOIN LATERAL (SELECT c.id, c.business_id, c.phone_number, c.automation_paused
                          FROM conversations c WHERE c.id = want.id LIMIT 1) v
      WHERE v.business_id = ${businessId}`,
  );
}

/**
 * Locks the rows `admitSend` checks, for the rest of the caller's transaction (the automation job's batch):
 * the rules in id order, then the conversations in phone order, the order in which a delivery's upsert
 * locks them, so the job and the webhook queue behind each other instead of deadlocking. Taken before the
 * checks, in a statement of its own, so each check's statement starts after the locks are held and sees
 * every send, rule change and member's answer committed before them.
 */
export async function lockForAdmission(
  tx: Db,
  businessId: string,
  ruleIds: string[],
  conversationIds: string[],
): Promise<void> {
  if (!ruleIds.length || !conversationIds.length) return;
  await tx.execute(sql`
    WITH r AS (
      SELECT id FROM automation_rules
      WHERE business_id = ${businessId} AND id = ANY(${`{${[...new Set(ruleIds)].join(',')}}`}::uuid[])
      ORDER BY id FOR UPDATE
    ), v AS (
      SELECT id FROM conversations
      WHERE business_id = ${businessId} AND id = ANY(${`{${[...new Set(conversationIds)].join(',')}}`}::uuid[])
      ORDER BY phone_number FOR UPDATE
    )
    SELECT (SELECT count(*) FROM r) AS rules, (SELECT count(*) FROM v) AS conversations`);
}

/**
 * Admits one automated reply in the transaction that queues it, its rule's and conversation's rows locked
 * by `lockForAdmission` beforehand (so two batches cannot both pass): the rule still on and in its dates,
 * the conversation not paused, no reply of this rule within `cooldownSeconds`, fewer than `dailyCap` in 24
 * hours. When admitted the send is logged and the rule's uses counted. One statement.
 */
export async function admitSend(
  tx: Db,
  args: {
    businessId: string;
    ruleId: string;
    conversationId: string;
    cooldownSeconds: number;
    dailyCap: number;
  },
): Promise<boolean> {
  const rows = await queryRows<{ ruleId: string }>(
    tx,
    sql`
      WITH ok AS (
        SELECT r.id AS rule_id, v.id AS conversation_id
        FROM automation_rules r, conversations v
        WHERE r.id = ${args.ruleId} AND r.business_id = ${args.businessId}
          AND r.enabled AND (r.active_from IS NULL OR r.active_from <= now())
          AND (r.active_until IS NULL OR r.active_until > now())
          AND v.id = ${args.conversationId} AND v.business_id = ${args.businessId}
          AND NOT v.automation_paused
          AND NOT EXISTS (SELECT 1 FROM automation_sends s
                          WHERE s.conversation_id = v.id AND s.rule_id = r.id
                            AND s.sent_at > now() - ${args.cooldownSeconds} * interval '1 second')
          AND (SELECT count(*) FROM automation_sends s
               WHERE s.conversation_id = v.id AND s.sent_at > now() - interval '24 hours') < ${args.dailyCap}
      ), sent AS (
        INSERT INTO automation_sends (business_id, rule_id, conversation_id)
        SELECT ${args.businessId}, rule_id, conversation_id FROM ok
        RETURNING rule_id
      ), used AS (
        UPDATE automation_rules SET uses_count = uses_count + 1 WHERE id IN (SELECT rule_id FROM sent)
      )
      SELECT rule_id AS "ruleId" FROM sent`,
  );
  return rows.length > 0;
}

/** The replies the engine decided, for the automation job (one statement per delivery). */
export async function insertPending(
  db: Db,
  businessId: string,
  rows: { ruleId: string; conversationId: string }[],
): Promise<void> {
  await db.execute(sql`
    INSERT INTO automation_pending (business_id, rule_id, conversation_id)
    SELECT ${businessId}, r.rule, r.conversation
    FROM jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ rule: r.ruleId, conversation: r.conversationId })))}::jsonb)
      AS r(rule uuid, conversation uuid)`);
}

/** Businesses with decided replies waiting, oldest first. */
export async function pendingBusinesses(db: Db, limit: number): Promise<string[]> {
  const rows = await queryRows<{ businessId: string }>(
    db,
    sql`SELECT business_id AS "businessId" FROM automation_pending GROUP BY business_id ORDER BY min(id) LIMIT ${limit}`,
  );
  return rows.map((r) => r.businessId);
}

/**
 * Takes up to `limit` of a business's decided replies in the caller's transaction (deleted at its commit;
 * SKIP LOCKED lets jobs share them), with what queueing each needs of its rule (a rule deleted since: left out).
 */
export async function claimPending(tx: Db, businessId: string, limit: number) {
  return queryRows<{
    ruleId: string;
    conversationId: string;
    name: string;
    reply: Record<string, unknown> | string;
    cooldownSeconds: number | null;
  }>(
    tx,
    sql`
      WITH taken AS (
        DELETE FROM automation_pending WHERE id IN (
          SELECT id FROM automation_pending WHERE business_id = ${businessId}
          ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id, rule_id, conversation_id
      )
      SELECT t.rule_id AS "ruleId", t.conversation_id AS "conversationId", r.name, r.reply,
             r.cooldown_seconds AS "cooldownSeconds"
      FROM taken t JOIN automation_rules r ON r.id = t.rule_id AND r.business_id = ${businessId}
      ORDER BY t.id`,
  );
}
