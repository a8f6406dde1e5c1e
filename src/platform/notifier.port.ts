import type { Db } from './db/client.js';
import type { notifications } from './db/schema/index.js';
import type { NotificationType } from './realtime-events.js';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  message: string;
}

export type NotificationRecord = typeof notifications.$inferSelect;

/**
 * What the rest of the service asks of notifications: the `notifications` module implements it and the app
 * wires it into `AppDeps`, so the dependencies' type names no module.
 */
export interface NotifierPort {
  /** Persists a notification for a business and pushes it to its room. */
  toBusiness(businessId: string, input: NotificationInput): Promise<NotificationRecord>;
  /** Persists inside the caller's transaction; `announce` pushes it once that has committed. */
  recordForBusiness(tx: Db, businessId: string, input: NotificationInput): Promise<NotificationRecord>;
  announce(row: NotificationRecord): void;
  /** One notification per administrator. */
  toAdmins(input: NotificationInput): Promise<NotificationRecord[]>;
}
