import { and, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import { accounts, notifications } from '../../platform/db/schema/index.js';
import type { NotificationInput, NotificationRecord, NotifierPort } from '../../platform/notifier.port.js';
import type { NotificationPayload, Room } from '../../platform/realtime-events.js';
import { type RealtimeHub, rooms } from '../../platform/realtime-hub.js';

export type { NotificationInput, NotificationRecord } from '../../platform/notifier.port.js';
export type { NotificationType } from '../../platform/realtime-events.js';

/** What the `notification` event carries (docs/api.md "Real time"). */
export function toNotificationPayload(n: NotificationRecord): NotificationPayload {
  return {
    id: n.id,
    type: n.type,
    title: n.title,
    message: n.message,
    isRead: n.isRead,
    createdAt: n.createdAt.toISOString(),
    receiverId: n.receiverId,
    receiverType: n.receiverType,
  };
}

/**
 * The one way notifications are created: persist, then emit to the receiver's room. Call it after the
 * transaction that caused the event has committed, so no notification announces what was rolled back.
 */
export class Notifier implements NotifierPort {
  constructor(
    private readonly db: Db,
    private readonly realtime: RealtimeHub,
    private readonly logger?: Logger,
  ) {}

  async toBusiness(businessId: string, input: NotificationInput): Promise<NotificationRecord> {
    const [row] = await this.db
      .insert(notifications)
      .values({ ...input, receiverId: businessId, receiverType: 'business' })
      .returning();
    this.emit(rooms.business(businessId), row!);
    return row!;
  }

  /**
   * Persists a business notification inside `tx`, the transaction of the event it announces, so both commit
   * or neither does (a completion whose notice failed would never be announced: nothing retries it). Call
   * `announce` with the row once that transaction has committed.
   */
  async recordForBusiness(tx: Db, businessId: string, input: NotificationInput): Promise<NotificationRecord> {
    const [row] = await tx
      .insert(notifications)
      .values({ ...input, receiverId: businessId, receiverType: 'business' })
      .returning();
    return row!;
  }

  /** Pushes a notification recorded with `recordForBusiness` to its room. */
  announce(row: NotificationRecord): void {
    this.emit(rooms.business(row.receiverId), row);
  }

  /**
   * One row per admin and superadmin, each pushed to that admin's own room. A deactivated (`deleted`)
   * admin gets none: nobody reads them, and a restored account would find a backlog of stale work.
   */
  async toAdmins(input: NotificationInput): Promise<NotificationRecord[]> {
    const admins = await this.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(inArray(accounts.role, ['admin', 'superadmin']), eq(accounts.deleted, false)));
    if (!admins.length) return [];
    const rows = await this.db
      .insert(notifications)
      .values(admins.map((a) => ({ ...input, receiverId: a.id, receiverType: 'admin' as const })))
      .returning();
    for (const row of rows) this.emit(rooms.admin(row.receiverId), row);
    return rows;
  }

  private emit(room: Room, row: NotificationRecord): void {
    try {
      this.realtime.emit(room, 'notification', toNotificationPayload(row));
    } catch (err) {
      // The row is saved; a client that missed the push sees it in GET /notifications.
      this.logger?.warn({ err, room }, 'real-time notification not delivered');
    }
  }
}
