import { type SQL, sql } from 'drizzle-orm';

/** What an inbound reply answers, as the thread shows it ("in reply to"). */
export interface ReplyTo {
  /** The answered message: a campaign message (a `campaign` item of the thread) or one of our replies. */
  messageId: string;
  campaignId: string | null;
  campaignName: string | null;
  /** The text of our reply it answers; null for a campaign message (the campaign's name stands for it). */
  text: string | null;
}

/**
 * The `replyTo` of a conversation message (`alias`: its row), read through the links kept when it was
 * stored: the campaign message it answers with its campaign's name, or the reply of ours it quotes. Both
 * lookups are by primary key and within the message's business; null when it answers nothing we know.
 */
export function replyToColumn(alias: string): SQL {
  const m = sql.raw(alias);
  return sql`CASE
    WHEN ${m}.campaign_message_id IS NOT NULL THEN (
      SELECT json_build_object('messageId', q.id, 'campaignId', k.id, 'campaignName', k.name, 'text', NULL::text)
      FROM campaign_messages q JOIN campaigns k ON k.id = q.campaign_id
      WHERE q.id = ${m}.campaign_message_id AND q.business_id = ${m}.business_id)
    WHEN ${m}.reply_to_id IS NOT NULL THEN (
      SELECT json_build_object('messageId', r.id, 'campaignId', NULL::uuid, 'campaignName', NULL::text, 'text', r.text)
      FROM conversation_messages r
      WHERE r.id = ${m}.reply_to_id AND r.business_id = ${m}.business_id)
  END`;
}
