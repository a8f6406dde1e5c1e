import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../platform/db/client.js';
import { likePattern, type PageQuery, pageOffset } from '../../platform/http/pagination.js';
import { visibleTo } from './assignment.js';
import type { ConversationRecord, MessageRecord } from './conversation.dto.js';
import { replyToColumn } from './reply-context.js';

/** A conversation with its contact's names and tags (a deleted contact leaves them null). */
const CONVERSATION = sql`
  SELECT v.id, v.contact_id AS "contactId", v.phone_number AS "phoneNumber",
         c.first_name AS "firstName", c.last_name AS "lastName", c.tags,
         v.status, v.unread_count AS "unreadCount", v.last_message_at AS "lastMessageAt",
         v.last_inbound_at AS "lastInboundAt", v.last_message_text AS "lastMessageText",
         v.assignee_id AS "assigneeId"
  FROM conversations v
  LEFT JOIN contacts c ON c.id = v.contact_id AND c.business_id = v.business_id`;

export interface ConversationFilters {
  unread?: boolean;
  status?: 'open' | 'closed';
  tag?: string;
  search?: string;
  /** Only this member's and unassigned conversations (an agent's view); null or absent: all of them. */
  onlyAssignedTo?: string | null;
  /** Only this member's conversations; null: only unassigned ones; absent: any. */
  assignee?: string | null | undefined;
}

function filtersOf(businessId: string, f: ConversationFilters) {
  const where = [sql`v.business_id = ${businessId}`];
  if (f.onlyAssignedTo) where.push(visibleTo(f.onlyAssignedTo));
  if (f.assignee === null) where.push(sql`v.assignee_id IS NULL`);
  else if (f.assignee !== undefined) where.push(sql`v.assignee_id = ${f.assignee}`);
  if (f.unread === true) where.push(sql`v.unread_count > 0`);
  if (f.unread === false) where.push(sql`v.unread_count = 0`);
  if (f.status) where.push(sql`v.status = ${f.status}`);
  if (f.tag) where.push(sql`c.tags @> ARRAY[${f.tag}]::text[]`);
  if (f.search) {
    const p = likePattern(f.search);
    where.push(sql`(c.first_name || ' ' || c.last_name ILIKE ${p} OR v.phone_number ILIKE ${p}
      OR EXISTS (SELECT 1 FROM conversation_messages m
                 WHERE m.conversation_id = v.id AND m.business_id = ${businessId} AND m.text ILIKE ${p}))`);
  }
  return sql.join(where, sql` AND `);
}

/** A page of the business's conversations, latest activity first. */
export async function listConversations(
  db: Db,
  businessId: string,
  filters: ConversationFilters,
  q: PageQuery,
): Promise<{ rows: ConversationRecord[]; total: number }> {
  const where = filtersOf(businessId, filters);
  const [rows, [count]] = await Promise.all([
    queryRows<ConversationRecord>(
      db,
      sql`${CONVERSATION} WHERE ${where}
          ORDER BY v.last_message_at DESC, v.id DESC LIMIT ${q.pageSize} OFFSET ${pageOffset(q)}`,
    ),
    queryRows<{ n: number }>(
      db,
      // The contact is joined only when a filter reads it: counting the rest is an index-only scan.
      filters.tag || filters.search
        ? sql`SELECT count(*)::int AS n FROM conversations v
              LEFT JOIN contacts c ON c.id = v.contact_id AND c.business_id = v.business_id
              WHERE ${where}`
        : sql`SELECT count(*)::int AS n FROM conversations v WHERE ${where}`,
    ),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findConversation(
  db: Db,
  businessId: string,
  id: string,
  onlyAssignedTo: string | null = null,
): Promise<ConversationRecord | null> {
  const [row] = await queryRows<ConversationRecord>(
    db,
    sql`${CONVERSATION} WHERE v.business_id = ${businessId} AND v.id = ${id} AND ${visibleTo(onlyAssignedTo)}`,
  );
  return row ?? null;
}

/** Several conversations of the business in one read (those not found are left out). */
export async function findConversations(
  db: Db,
  businessId: string,
  ids: string[],
): Promise<ConversationRecord[]> {
  if (!ids.length) return [];
  return queryRows<ConversationRecord>(
    db,
    sql`${CONVERSATION} WHERE v.business_id = ${businessId} AND v.id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
}

/** How many conversations of the business have messages not read yet (the menu's badge). */
export async function countUnreadConversations(
  db: Db,
  businessId: string,
  onlyAssignedTo: string | null = null,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM conversations v
        WHERE v.business_id = ${businessId} AND v.unread_count > 0 AND ${visibleTo(onlyAssignedTo)}`,
  );
  return Number(row?.n ?? 0);
}

/** A message's columns as `MessageRecord` names them (`m`: its row). */
export const MESSAGE_COLUMNS = sql`m.id, m.direction, m.type, m.text, m.status, m.media_key AS "mediaKey",
  m.media_type AS "mediaType", m.media_status AS "mediaStatus", m.details, m.error, NULL::uuid AS "campaignId",
  m.created_at AS "createdAt", ${replyToColumn('m')} AS "replyTo", m.pricing, m.interactive,
  m.automation_rule_id AS "automationRuleId", m.automation_rule_name AS "automationRuleName"`;

/**
 * A page of a conversation's messages, newest first: its own (what the contact wrote, the replies) and the
 * campaign messages the business sent the number, with its names filled in (found per campaign through the queue's unique
 * (campaign, phone) key, so the read costs the same whatever the size of the campaigns).
 */
export async function listMessages(
  db: Db,
  businessId: string,
  conversation: { id: string; phoneNumber: string },
  q: PageQuery,
): Promise<{ rows: MessageRecord[]; total: number }> {
  const all = sql`
    SELECT ${MESSAGE_COLUMNS}, m.seq FROM conversation_messages m
    WHERE m.conversation_id = ${conversation.id} AND m.business_id = ${businessId}
    UNION ALL
    SELECT q.id, 'out', 'campaign',
           replace(replace(k.message, '{{firstName}}', q.first_name), '{{lastName}}', q.last_name), q.status::text, NULL, NULL, NULL, NULL, q.error, k.id,
           COALESCE(q.sent_at, q.created_at), NULL::json, q.pricing, NULL::jsonb, NULL::uuid, NULL, 0
    FROM campaigns k
    JOIN campaign_messages q ON q.campaign_id = k.id AND q.phone_number = ${conversation.phoneNumber}
    WHERE k.business_id = ${businessId} AND q.status <> 'held'`;
  const [rows, [count]] = await Promise.all([
    queryRows<MessageRecord>(
      db,
      sql`SELECT * FROM (${all}) t ORDER BY "createdAt" DESC, seq DESC, id DESC
          LIMIT ${q.pageSize} OFFSET ${pageOffset(q)}`,
    ),
    queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${all}) t`),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findMessage(db: Db, businessId: string, id: string): Promise<MessageRecord | null> {
  const [row] = await queryRows<MessageRecord>(
    db,
    sql`SELECT ${MESSAGE_COLUMNS} FROM conversation_messages m WHERE m.business_id = ${businessId} AND m.id = ${id}`,
  );
  return row ?? null;
}

/** Marks every message of the conversation read: its unread count back to zero. False when not found. */
export async function markRead(
  db: Db,
  businessId: string,
  id: string,
  onlyAssignedTo: string | null = null,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE conversations v SET unread_count = 0, updated_at = now()
        WHERE v.business_id = ${businessId} AND v.id = ${id} AND ${visibleTo(onlyAssignedTo)} RETURNING v.id`,
  );
  return rows.length > 0;
}

export async function setStatus(
  db: Db,
  businessId: string,
  id: string,
  status: 'open' | 'closed',
  onlyAssignedTo: string | null = null,
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE conversations v SET status = ${status}, updated_at = now()
        WHERE v.business_id = ${businessId} AND v.id = ${id} AND ${visibleTo(onlyAssignedTo)} RETURNING v.id`,
  );
  return rows.length > 0;
}

/**
 * Whether the number is an opted-in contact of the business: outside the window only such a contact may
 * get a template (a contact that wrote without opting in, or opted out, is answered only in the window).
 */
export async function contactOptedIn(db: Db, businessId: string, phone: string): Promise<boolean> {
  const [row] = await queryRows<{ optIn: boolean }>(
    db,
    sql`SELECT opt_in AS "optIn" FROM contacts WHERE business_id = ${businessId} AND phone_number = ${phone}`,
  );
  return row?.optIn === true;
}
