// The webhook-endpoints module's public surface (outgoing webhooks: endpoints, the outbox, the sender's
// round). Not to be confused with `webhooks`, the inbox of provider callbacks.
export {
  DELIVERY_RETENTION_DAYS,
  newWorkerId,
  purgeOldDeliveries,
  sendDueWebhooks,
} from './webhook-delivery.js';
export { webhookEndpointsRoutes } from './webhook-endpoints.routes.js';
export { WEBHOOK_EVENT_TYPES, type WebhookEvent, type WebhookEventType } from './webhook-event-types.js';
export { enqueueWebhookEvents, isoSql, webhookOutboxSql } from './webhook-outbox.js';
export { WebhookPoster } from './webhook-post.js';
