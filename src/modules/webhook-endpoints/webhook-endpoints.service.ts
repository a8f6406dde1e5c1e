import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import type { WebhookDeliveryStatus } from '../../platform/db/schema/index.js';
import { NotFoundError, StateConflictError, ValidationError } from '../../platform/http/errors.js';
import { type PageQuery, toPage } from '../../platform/http/pagination.js';
import { type AuditAction, recordAudit } from '../audit/index.js';
import { failPendingOf } from './webhook-delivery.js';
import {
  type DeliveryRow,
  deleteEndpoint,
  type EndpointRow,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  pageDeliveries,
  replayDelivery,
  updateEndpoint,
} from './webhook-endpoints.repository.js';
import type { WebhookEventType } from './webhook-event-types.js';
import { enqueueTestEvent } from './webhook-outbox.js';
import { newWebhookSecret } from './webhook-signature.js';
import { endpointUrlProblem } from './webhook-url.js';

const ENDPOINT = 'Webhook endpoint';
/** How long the secret a rotation replaced keeps signing (a second signature in the header). */
export const ROTATION_OVERLAP_MS = 24 * 3_600_000;
const DISABLED_BY_MEMBER = 'Switched off by a member';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toEndpointDto(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: iso(row.failingSince),
    previousSecretExpiresAt:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDeliveryDto(row: DeliveryRow) {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    manual: row.manual,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    createdAt: row.createdAt.toISOString(),
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  };
}

/** A business's outgoing webhook endpoints (docs/api.md "Outgoing webhooks"); the secret is shown once. */
export class WebhookEndpointsService {
  constructor(private readonly deps: Pick<AppDeps, 'db' | 'secretBox' | 'config'>) {}

  async list(auth: AuthContext) {
    return (await listEndpoints(this.deps.db, businessOf(auth))).map(toEndpointDto);
  }

  async get(auth: AuthContext, id: string) {
    const row = await findEndpoint(this.deps.db, businessOf(auth), id);
    if (!row) throw new NotFoundError(ENDPOINT);
    return toEndpointDto(row);
  }

  async create(
    auth: AuthContext,
    input: { url: string; description: string; eventTypes: WebhookEventType[] },
  ) {
    const businessId = businessOf(auth);
    await this.checkUrl(input.url);
    const id = randomUUID();
    const secret = newWebhookSecret();
    const row = await this.deps.db.transaction(async (tx) => {
      const created = await insertEndpoint(tx, {
        id,
        businessId,
        url: input.url,
        description: input.description,
        eventTypes: input.eventTypes,
        secret: this.deps.secretBox.seal(secret, id),
      });
      await this.audit(tx, auth, 'webhook_endpoint.created', created, { eventTypes: input.eventTypes });
      return created;
    });
    return { ...toEndpointDto(row), secret };
  }

  async update(
    auth: AuthContext,
    id: string,
    input: { url?: string; description?: string; eventTypes?: WebhookEventType[]; enabled?: boolean },
  ) {
    const businessId = businessOf(auth);
    if (input.url !== undefined) await this.checkUrl(input.url);
    return this.deps.db.transaction(async (tx) => {
      const current = await findEndpoint(tx, businessId, id, true);
      if (!current) throw new NotFoundError(ENDPOINT);
      const change: Parameters<typeof updateEndpoint>[2] = { updatedAt: new Date() };
      if (input.url !== undefined) change.url = input.url;
      if (input.description !== undefined) change.description = input.description;
      if (input.eventTypes !== undefined) change.eventTypes = input.eventTypes;
      if (input.enabled === true && !current.enabled)
        Object.assign(change, { enabled: true, disabledReason: null, failingSince: null });
      if (input.enabled === false && current.enabled) {
        Object.assign(change, { enabled: false, disabledReason: DISABLED_BY_MEMBER });
        await failPendingOf(tx, id, 'The endpoint was switched off');
      }
      const row = await updateEndpoint(tx, id, change);
      await this.audit(tx, auth, 'webhook_endpoint.updated', row, {
        changed: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined),
      });
      return toEndpointDto(row);
    });
  }

  async remove(auth: AuthContext, id: string) {
    const businessId = businessOf(auth);
    return this.deps.db.transaction(async (tx) => {
      const current = await findEndpoint(tx, businessId, id, true);
      if (!current) throw new NotFoundError(ENDPOINT);
      await deleteEndpoint(tx, id);
      await this.audit(tx, auth, 'webhook_endpoint.deleted', current, {});
      return toEndpointDto(current);
    });
  }

  /**
   * A new secret; the one it replaces still signs deliveries for 24 hours (two signatures in the header).
   * While those 24 hours run, another rotation is a 409: it would drop the secret the receiver may still
   * check with (docs/decisions/api-keys.md). The endpoint's lock makes concurrent rotations one success.
   */
  async rotateSecret(auth: AuthContext, id: string) {
    const businessId = businessOf(auth);
    const secret = newWebhookSecret();
    const row = await this.deps.db.transaction(async (tx) => {
      const current = await findEndpoint(tx, businessId, id, true);
      if (!current) throw new NotFoundError(ENDPOINT);
      if (current.previousSecretExpiresAt && current.previousSecretExpiresAt > new Date())
        throw new StateConflictError(
          'The secret was rotated less than 24 hours ago: the one it replaced still signs; rotate again after',
          { previousSecretExpiresAt: current.previousSecretExpiresAt.toISOString() },
        );
      const rotated = await updateEndpoint(tx, id, {
        secret: this.deps.secretBox.seal(secret, id),
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(Date.now() + ROTATION_OVERLAP_MS),
        updatedAt: new Date(),
      });
      await this.audit(tx, auth, 'webhook_endpoint.secret_rotated', rotated, {});
      return rotated;
    });
    return { ...toEndpointDto(row), secret };
  }

  /** Queues a `webhook.test` event for this endpoint only; answers its delivery, to follow in the log. */
  async sendTest(auth: AuthContext, id: string) {
    const businessId = businessOf(auth);
    return this.deps.db.transaction(async (tx) => {
      const endpoint = await this.enabledEndpoint(tx, businessId, id);
      const deliveryId = await enqueueTestEvent(tx, businessId, endpoint.id);
      return toDeliveryDto((await findDelivery(tx, endpoint.id, deliveryId))!);
    });
  }

  async deliveries(auth: AuthContext, id: string, q: PageQuery & { status?: WebhookDeliveryStatus }) {
    const endpoint = await findEndpoint(this.deps.db, businessOf(auth), id);
    if (!endpoint) throw new NotFoundError(ENDPOINT);
    const { items, total } = await pageDeliveries(this.deps.db, endpoint.id, q);
    return toPage(items.map(toDeliveryDto), total, q);
  }

  /**
   * Sends a delivery again (same `webhook-id`, same body, a fresh timestamp and signature): one attempt,
   * which neither starts nor ends the endpoint's failing time. A delivery still being tried is a 409.
   */
  async replay(auth: AuthContext, id: string, deliveryId: string) {
    const businessId = businessOf(auth);
    return this.deps.db.transaction(async (tx) => {
      const endpoint = await this.enabledEndpoint(tx, businessId, id);
      const delivery = await findDelivery(tx, endpoint.id, deliveryId);
      if (!delivery) throw new NotFoundError('Webhook delivery');
      if (delivery.status === 'pending')
        throw new StateConflictError('This delivery is still being tried', { status: 'pending' });
      const row = await replayDelivery(tx, deliveryId);
      await this.audit(tx, auth, 'webhook_delivery.replayed', endpoint, { deliveryId });
      return toDeliveryDto(row);
    });
  }

  private async enabledEndpoint(tx: Db, businessId: string, id: string): Promise<EndpointRow> {
    const endpoint = await findEndpoint(tx, businessId, id, true);
    if (!endpoint) throw new NotFoundError(ENDPOINT);
    if (!endpoint.enabled)
      throw new StateConflictError('This endpoint is switched off; enable it first', { enabled: false });
    return endpoint;
  }

  private async checkUrl(url: string): Promise<void> {
    const problem = await endpointUrlProblem(url, this.deps.config.WEBHOOK_ALLOWED_HOSTS);
    if (problem)
      throw new ValidationError(`The endpoint URL is refused: ${problem}`, [
        { path: 'url', message: problem },
      ]);
  }

  private audit(
    tx: Db,
    auth: AuthContext,
    action: AuditAction,
    endpoint: EndpointRow,
    details: Record<string, unknown>,
  ) {
    return recordAudit(tx, {
      businessId: endpoint.businessId,
      actor: { accountId: auth.accountId, email: auth.email },
      action,
      target: { type: 'webhook_endpoint', id: endpoint.id },
      details: { url: endpoint.url, ...details },
    });
  }
}
