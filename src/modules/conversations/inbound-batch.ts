import { sql } from 'drizzle-orm';
import { type Db, queryRowsPrepared } from '../../platform/db/client.js';
import type { AssignmentMode } from '../../platform/db/schema/index.js';
import { ensureContacts } from '../contacts/index.js';
import { markMessagesReplied } from '../messages/index.js';
import { webhookOutboxSql } from '../webhook-endpoints/index.js';
import { DEFAULT_SETTINGS } from './assignment-store.js';
import type { ConversationRecord, MessageRecord } from './conversation.dto.js';
import { type InboundInput, preview } from './inbound.js';
import { replyToColumn } from './reply-context.js';

/** A message stored from a delivery, with its conversation as the same statement left it. */
export interface StoredInbound {
  eventKey: string;
  conversation: ConversationRecord;
  message: MessageRecord;
}

type StoredRow = Omit<MessageRecord, 'id'> &
  Omit<ConversationRecord, 'id' | 'status'> & {
    eventKey: string;
    messageId: string;
    campaignMessageId: string | null;
    conversationId: string;
    conversationStatus: ConversationRecord['status'];
    assignmentMode: AssignmentMode | null;
  };

/** What a delivery's statement stored, and whether the business assigns conversations automatically. */
export interface StoredBatch {
  stored: StoredInbound[];
  /** Read in the same statement, so a delivery with automatic assignment off costs no statement more. */
  autoAssigns: boolean;
}

/**
 * Stores the inbound messages of one business in one statement, whatever their number (a Cloud delivery
 * carries many): the conversations of their senders upserted in phone order (so concurrent deliveries lock
 * them in the same order, and a conversation's row lock orders its messages), every message counted once in
 * its conversation's `unread_count`. Messages already stored (by event key) are left out. Returns the stored
 * ones with the conversation and message records the statement wrote, so the live event needs no read.
 *
 * New numbers get their contact (not opted in) after that statement, in one statement of their own and not
 * in a transaction around both: creating contacts moves the business's contact counts, a row every writer
 * of the business's contacts locks until its commit, so a transaction spanning the conversations too would
 * queue every delivery of the business behind the one before it. A conversation whose contact could not be
 * made (the process stopped between the two) is linked by its sender's next message.
 *
 * A reply (its context named a provider message id) is linked in the same statement to what it answers
 * within this business only: the campaign message sent under that id, or one of the inbox's replies. The
 * campaign messages answered are then marked replied (once each, by the messages module).
 */
export async function storeInboundBatch(
  db: Db,
  businessId: string,
  inputs: InboundInput[],
): Promise<StoredBatch> {
  if (!inputs.length) return { stored: [], autoAssigns: false };
  const rows = inputs.map((m, i) => ({
    i,
    phone: m.phone,
    event_key: m.eventKey,
    type: m.type,
    text: m.text,
    details: m.details,
    reply_key: m.replyTo,
    at: m.at.toISOString(),
    preview: preview(m),
    media: m.media ?? undefined,
  }));
  const names = new Map(inputs.map((m) => [m.phone, m.name]));
  // Prepared: a delivery's statement is planned once per connection, not once per delivery (its planning
  // cost a sixth of its time on the ingest bench).
  const stored = await queryRowsPrepared<StoredRow>(
    db,
    'conversations-inbound-batch',
    sql`
        WITH input AS MATERIALIZED (
          SELECT DISTINCT ON (r.event_key) r.* FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
            AS r(i int, phone text, event_key text, type text, text text, details jsonb, reply_key text,
                 at timestamptz, preview text, media jsonb)
          -- A scalar subquery (LIMIT keeps the planner from turning it into a join): one probe of the
          -- unique (business, event key) index per message, never a scan of the business's messages.
          WHERE (SELECT true FROM conversation_messages m
                 WHERE m.business_id = ${businessId} AND m.event_key = r.event_key LIMIT 1) IS NULL
          ORDER BY r.event_key, r.i
        ),
        agg AS (
          SELECT phone, count(*)::int AS n, max(at) AS last_at,
                 (array_agg(preview ORDER BY at DESC, i DESC))[1] AS last_text
          FROM input GROUP BY phone
        ),
        conv AS (
          INSERT INTO conversations AS v
            (business_id, phone_number, unread_count, last_message_at, last_inbound_at, last_message_text)
          SELECT ${businessId}, phone, n, last_at, last_at, last_text FROM agg ORDER BY phone
          ON CONFLICT (business_id, phone_number) DO UPDATE SET
            unread_count = v.unread_count + EXCLUDED.unread_count,
            last_message_at = GREATEST(v.last_message_at, EXCLUDED.last_message_at),
            last_inbound_at = GREATEST(v.last_inbound_at, EXCLUDED.last_inbound_at),
            last_message_text = CASE WHEN EXCLUDED.last_message_at >= v.last_message_at
                                     THEN EXCLUDED.last_message_text ELSE v.last_message_text END,
            -- Writing again after a close lets automation answer again (a member's answer paused it).
            automation_paused = v.automation_paused AND v.status <> 'closed',
            status = 'open', updated_at = now()
          RETURNING v.id, v.phone_number, v.contact_id, v.status, v.unread_count, v.last_message_at,
                    v.last_inbound_at, v.last_message_text, v.assignee_id
        ),
        msgs AS (
          INSERT INTO conversation_messages
            (conversation_id, business_id, direction, type, text, details, event_key, status, created_at,
             media_status, media_source, next_attempt_at, campaign_message_id, reply_to_id)
          SELECT conv.id, ${businessId}, 'in', input.type, input.text, input.details, input.event_key,
                 'received', input.at,
                 -- A medium is fetched by the media job, after the webhook has answered.
                 CASE WHEN input.media IS NOT NULL THEN 'pending' END, input.media,
                 CASE WHEN input.media IS NOT NULL THEN now() END,
                 -- What it answers, by the provider's id, never outside this business.
                 (SELECT q.id FROM campaign_messages q
                  WHERE q.provider_message_id = input.reply_key AND q.business_id = ${businessId} LIMIT 1),
                 (SELECT r.id FROM conversation_messages r
                  WHERE r.provider_message_id = input.reply_key AND r.business_id = ${businessId}
                    AND r.direction = 'out' LIMIT 1)
          FROM input JOIN conv ON conv.phone_number = input.phone
          ORDER BY input.at, input.i
          ON CONFLICT (business_id, event_key) DO NOTHING
          RETURNING *
        ),
        -- Outgoing webhooks (message.received), in this statement: stored once, as the messages are.
        hooks AS (${webhookOutboxSql(sql`
          SELECT ${businessId}::uuid, 'message.received', msgs.created_at,
                 jsonb_build_object('messageId', msgs.id, 'conversationId', conv.id, 'phoneNumber', conv.phone_number,
                                    'contactId', conv.contact_id, 'type', msgs.type, 'text', msgs.text,
                                    'details', msgs.details, 'inReplyToMessageId', msgs.campaign_message_id)
          FROM msgs JOIN conv ON conv.id = msgs.conversation_id`)})
        SELECT msgs.event_key AS "eventKey", msgs.id AS "messageId", msgs.direction, msgs.type, msgs.text,
               msgs.status, msgs.media_key AS "mediaKey", msgs.media_type AS "mediaType",
               msgs.media_status AS "mediaStatus", msgs.details,
               msgs.error, NULL::uuid AS "campaignId", msgs.created_at AS "createdAt",
               ${replyToColumn('msgs')} AS "replyTo", msgs.campaign_message_id AS "campaignMessageId",
               conv.id AS "conversationId", conv.contact_id AS "contactId", conv.phone_number AS "phoneNumber",
               c.first_name AS "firstName", c.last_name AS "lastName", c.tags,
               conv.status AS "conversationStatus", conv.unread_count AS "unreadCount",
               conv.last_message_at AS "lastMessageAt", conv.last_inbound_at AS "lastInboundAt",
               conv.last_message_text AS "lastMessageText", conv.assignee_id AS "assigneeId",
               (SELECT a.mode FROM inbox_assignment a WHERE a.business_id = ${businessId}) AS "assignmentMode"
        FROM msgs JOIN conv ON conv.id = msgs.conversation_id
        -- By primary key only, then checked: a join on (id, business) let a plan made while the business
        -- had few contacts scan all of them for every message (60 % of a delivery's time once it had
        -- thousands). LIMIT keeps the subquery, and so the business check, out of the join's index choice.
        LEFT JOIN LATERAL (SELECT c.business_id, c.first_name, c.last_name, c.tags FROM contacts c
                           WHERE c.id = conv.contact_id LIMIT 1) c ON c.business_id = ${businessId}`,
  );
  const records = stored.map(recordsOf);
  await linkContacts(db, businessId, records, names);
  await markMessagesReplied(
    db,
    businessId,
    stored
      .filter((row) => row.campaignMessageId)
      .map((row) => ({ messageId: row.campaignMessageId!, at: new Date(row.createdAt).toISOString() })),
  );
  const mode = stored[0]?.assignmentMode ?? DEFAULT_SETTINGS.mode;
  return { stored: records, autoAssigns: mode !== 'off' };
}

function recordsOf(row: StoredRow): StoredInbound {
  return {
    eventKey: row.eventKey,
    conversation: {
      id: row.conversationId,
      contactId: row.contactId,
      phoneNumber: row.phoneNumber,
      firstName: row.firstName,
      lastName: row.lastName,
      tags: row.tags,
      status: row.conversationStatus,
      unreadCount: row.unreadCount,
      lastMessageAt: row.lastMessageAt,
      lastInboundAt: row.lastInboundAt,
      lastMessageText: row.lastMessageText,
      assigneeId: row.assigneeId,
    },
    message: {
      id: row.messageId,
      direction: row.direction,
      type: row.type,
      text: row.text,
      status: row.status,
      mediaKey: row.mediaKey,
      mediaType: row.mediaType,
      mediaStatus: row.mediaStatus,
      details: row.details,
      error: row.error,
      campaignId: row.campaignId,
      createdAt: row.createdAt,
      replyTo: row.replyTo,
      // Inbound: no status of ours prices it.
      pricing: null,
    },
  };
}

/**
 * Contacts for the senders whose conversation has none yet, named from their profile; the records are
 * completed with them (a new contact has no tags).
 */
async function linkContacts(
  db: Db,
  businessId: string,
  records: StoredInbound[],
  names: Map<string, string | null>,
): Promise<void> {
  const orphans = records.filter((r) => !r.conversation.contactId).map((r) => r.conversation);
  if (!orphans.length) return;
  const people = new Map<string, { phone: string; firstName: string; lastName: string }>();
  for (const { phoneNumber: phone } of orphans) {
    const [first, ...rest] = (names.get(phone) ?? '').trim().split(/\s+/).filter(Boolean);
    people.set(phone, { phone, firstName: first ?? phone, lastName: rest.join(' ') });
  }
  // Flushed by the link's commit below, which names them.
  const ids = await ensureContacts(db, businessId, [...people.values()], { unflushedCommit: true });
  const links = [...new Map(orphans.map((c) => [c.id, ids.get(c.phoneNumber)])).entries()];
  await db.execute(sql`
    UPDATE conversations v SET contact_id = l.contact
    FROM jsonb_to_recordset(${JSON.stringify(links.map(([id, contact]) => ({ id, contact })))}::jsonb)
      AS l(id uuid, contact uuid)
    WHERE v.id = l.id AND v.contact_id IS NULL`);
  for (const conversation of orphans) {
    const person = people.get(conversation.phoneNumber)!;
    conversation.contactId = ids.get(conversation.phoneNumber) ?? null;
    conversation.firstName = person.firstName;
    conversation.lastName = person.lastName;
    conversation.tags = [];
  }
}
