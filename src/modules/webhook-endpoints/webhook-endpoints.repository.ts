// The webhook-endpoints module owns webhook_endpoints and webhook_deliveries: every statement that writes
// them is in this module (this file, webhook-outbox.ts, webhook-delivery.ts).
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { newestFirstPage } from '../../platform/db/paging.js';
import {
  type WebhookDeliveryStatus,
  webhookDeliveries,
  webhookEndpoints,
} from '../../platform/db/schema/index.js';
import type { PageQuery } from '../../platform/http/pagination.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertEndpoint(
  db: Db,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

/** The business's endpoints, oldest first. */
export function listEndpoints(db: Db, businessId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.businessId, businessId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

/** One endpoint of the business (locked for a change when `lock`); undefined for another business's id. */
export async function findEndpoint(
  db: Db,
  businessId: string,
  id: string,
  lock = false,
): Promise<EndpointRow | undefined> {
  const q = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.businessId, businessId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateEndpoint(
  db: Db,
  id: string,
  change: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow> {
  const [row] = await db.update(webhookEndpoints).set(change).where(eq(webhookEndpoints.id, id)).returning();
  return row!;
}

export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** A page of one endpoint's deliveries, newest first, optionally of one status. */
export async function pageDeliveries(
  db: Db,
  endpointId: string,
  q: PageQuery & { status?: WebhookDeliveryStatus },
): Promise<{ items: DeliveryRow[]; total: number }> {
  const where: SQL = and(
    eq(webhookDeliveries.endpointId, endpointId),
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
  )!;
  const [items, [total]] = await Promise.all([
    newestFirstPage(db.select().from(webhookDeliveries).where(where).$dynamic(), webhookDeliveries, q),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { items, total: Number(total?.n ?? 0) };
}

export async function findDelivery(db: Db, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)))
    .for('update');
  return row;
}

/**
 * Queues a delivery again at once, as a manual replay: one attempt, under the same `webhook-id` and body
 * (receivers dedupe by the id). A delivery claimed right now is left to its attempt (409 in the service).
 */
export async function replayDelivery(db: Db, id: string): Promise<DeliveryRow> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      manual: true,
      nextAttemptAt: sql`now()`,
      lockedBy: null,
      updatedAt: sql`now()`,
    })
    .where(eq(webhookDeliveries.id, id))
    .returning();
  return row!;
}
