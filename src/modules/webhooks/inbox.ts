import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { webhookEvents } from '../../platform/db/schema/index.js';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/**
 * The webhook inbox (ARCHITECTURE.md): an event is stored under its unique (provider, key) before it is
 * processed. Returns the new row, or null when the same event was already received: the caller then does
 * nothing, which is what makes a replayed or concurrently duplicated delivery a no-op.
 */
export async function receiveEvent(
  db: Db,
  event: { provider: string; eventKey: string; eventType: string; payload: unknown },
): Promise<WebhookEventRow | null> {
  const [row] = await db.insert(webhookEvents).values(event).onConflictDoNothing().returning();
  return row ?? null;
}

export async function markEvent(
  db: Db,
  id: string,
  status: 'processed' | 'ignored' | 'failed',
  error?: string,
): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ status, error: error ?? null, processedAt: new Date() })
    .where(eq(webhookEvents.id, id));
}

/** Events stored but never finished (a crash between storing and processing), for a retry sweep. */
export async function unfinishedEvents(
  db: Db,
  provider: string,
  olderThan: Date,
): Promise<WebhookEventRow[]> {
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.status, 'received')));
  return rows.filter((r) => r.receivedAt < olderThan);
}
