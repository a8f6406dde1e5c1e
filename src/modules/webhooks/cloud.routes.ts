import type { Logger } from 'pino';
import { z } from 'zod';
import { errorSchema, sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { AppError, ServiceUnavailableError, UnauthorizedError } from '../../platform/http/errors.js';
import { webhookEventsTotal } from '../../platform/metrics.js';
import { cloudSignatureValid } from '../../providers/messaging/cloud-signature.js';
import { businessOfCloudNumber } from '../business/index.js';
import { deliveryReportsTotal } from '../messages/index.js';
import type { ModulePlugin } from '../module-plugin.js';
import { applyTemplateEvent } from '../templates/index.js';
import { type AccountEvent, type CloudInbound, parseCloudWebhook } from './cloud.payload.js';
import { applyAccountEvent } from './cloud-account-events.js';
import { receiveEvent, receiveEvents } from './inbox.js';
import { MessagingWebhookService } from './messaging.service.js';
import { webhookTokenAccepted } from './messaging.token.js';
import { handleReportedFailures } from './reported-failures.js';

export const CLOUD_PROVIDER = 'whatsapp-cloud';

type Owner = Awaited<ReturnType<typeof businessOfCloudNumber>>;
export const CLOUD_SIGNATURE_HEADER = 'x-hub-signature-256';

/**
 * `GET /webhooks/whatsapp-cloud`: Meta's subscription handshake. `POST`: its events, each signed with the
 * app secret over the exact bytes (`X-Hub-Signature-256`), checked before anything else is read. Statuses
 * join the gateway's receipts (same writer, same forward-only rules); inbound messages go to the one inbound
 * path (opt-in and opt-out keywords); template events move templates and tell the business.
 */
export const cloudWebhookRoutes: ModulePlugin = async (app, deps) => {
  const inbound = new MessagingWebhookService(deps);
  const { appSecret, verifyToken } = deps.cloudWebhook;

  // This scope keeps JSON as bytes: the signature is checked over them before they are parsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.get(
    '/webhooks/whatsapp-cloud',
    {
      config: { apiObject: 'webhook', auth: 'public' },
      schema: {
        tags: ['webhooks'],
        summary: "The Cloud API's subscription handshake: hub.challenge as plain text, or 403",
        querystring: z.object({
          'hub.mode': z.string().optional(),
          'hub.verify_token': z.string().optional(),
          'hub.challenge': z.string().max(512).optional(),
        }),
        response: { 200: z.string(), 403: errorSchema },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const challenge = q['hub.challenge'];
      const ok =
        !!verifyToken &&
        q['hub.mode'] === 'subscribe' &&
        webhookTokenAccepted(verifyToken, q['hub.verify_token']);
      if (!ok || challenge === undefined) throw new AppError(403, 'Webhook verification failed');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  app.post(
    '/webhooks/whatsapp-cloud',
    {
      config: { apiObject: 'webhook', auth: 'public', acceptsAnyBody: true },
      schema: {
        tags: ['webhooks'],
        summary:
          'WhatsApp Cloud API events (statuses, messages, template updates); signed with the app secret',
        description:
          '`X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with WHATSAPP_CLOUD_APP_SECRET>` is checked first: missing or wrong is a 401 and nothing changes. Then 200 (unknown fields are acknowledged and ignored); 503 when the statuses or messages could not be stored, so Meta sends them again.',
        response: { 200: successSchema(z.null()), 401: errorSchema, 503: errorSchema },
      },
    },
    async (req, reply) => {
      const raw = Buffer.isBuffer(req.body)
        ? req.body
        : Buffer.from(typeof req.body === 'string' ? req.body : '');
      if (!cloudSignatureValid(appSecret, req.headers[CLOUD_SIGNATURE_HEADER], raw)) {
        webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: 'rejected' });
        throw new UnauthorizedError('Invalid webhook signature');
      }
      const log = req.log as Logger;
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        log.warn('cloud webhook: signed body is not JSON; ignored');
        webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: 'ignored' });
        return sendSuccess(reply, null, 'Received');
      }
      const parsed = parseCloudWebhook(body);
      if (parsed.ignored)
        webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: 'ignored' }, parsed.ignored);
      try {
        // Reports naming a reply are the conversations module's, the others the campaign messages'. Both
        // look at once: a reply's report the campaign writer does not know waits among its pending ones
        // (taken back if it raced the reply's send), and the callback waits for the slower, not the sum.
        await Promise.all([
          deps.replyReceipts.match(parsed.receipts, log),
          deps.receiptWriter.write(parsed.receipts),
        ]);
      } catch (err) {
        deliveryReportsTotal.inc({ result: 'failed' }, parsed.receipts.length);
        log.error({ err, count: parsed.receipts.length }, 'cloud statuses not stored');
        throw new ServiceUnavailableError('Statuses not stored; send them again');
      }
      await handleReportedFailures(deps, parsed.receipts, log);
      await handOver(parsed.inbound, log);
      for (const event of parsed.accountEvents) await applyAccount(event, log);
      for (const event of parsed.templateEvents) {
        try {
          const stored = await receiveEvent(deps.db, {
            provider: CLOUD_PROVIDER,
            eventKey: event.key,
            eventType: event.field,
            payload: { wabaId: event.wabaId, value: event.value },
          });
          if (!stored) {
            webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: 'duplicate' });
            continue;
          }
          const changed = await applyTemplateEvent(deps, event, log);
          webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: changed ? 'processed' : 'ignored' });
        } catch (err) {
          webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: 'failed' });
          log.error({ err }, 'cloud webhook: template event failed');
        }
      }
      return sendSuccess(reply, null, 'Received');
    },
  );

  /** A number's quality or limit, an account's state, a person's marketing preference; once per event. */
  async function applyAccount(event: AccountEvent, log: Logger): Promise<void> {
    try {
      const stored = await receiveEvent(deps.db, {
        provider: CLOUD_PROVIDER,
        eventKey: event.key,
        eventType: event.field,
        payload: { wabaId: event.wabaId, value: event.value },
      });
      if (!stored) {
        webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: 'duplicate' });
        return;
      }
      const changed = await applyAccountEvent(deps, event, log);
      webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: changed ? 'processed' : 'ignored' });
    } catch (err) {
      webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: 'failed' });
      log.error({ err, field: event.field }, 'cloud webhook: account event failed');
    }
  }

  /**
   * The inbound messages of a delivery, to the business connected with the number each was sent to (all kept
   * together). A message no business can take (no business holds its phone-number id, or the one that does
   * has no number since an administrator released it) is recorded in the webhook inbox as ignored, with why:
   * never dropped unseen. A 503 when they could be neither kept nor recorded.
   */
  async function handOver(messages: CloudInbound[], log: Logger): Promise<void> {
    if (!messages.length) return;
    try {
      const owners = new Map<string, Owner>();
      const items: Parameters<typeof inbound.receiveMessages>[0] = [];
      const unowned: { message: CloudInbound; note: string }[] = [];
      for (const message of messages) {
        if (!owners.has(message.phoneNumberId))
          owners.set(message.phoneNumberId, await businessOfCloudNumber(deps.db, message.phoneNumberId));
        const owner = owners.get(message.phoneNumberId);
        const wabaNumber = owner?.wabaNumber;
        if (!owner || !wabaNumber) {
          unowned.push({
            message,
            note: owner
              ? `the business connected with the phone-number id ${message.phoneNumberId} has no WhatsApp number`
              : `no business is connected with the phone-number id ${message.phoneNumberId}`,
          });
          continue;
        }
        items.push({
          message: {
            waNumber: wabaNumber,
            mobile: message.from,
            name: message.name,
            type: message.type,
            text: message.text,
            button: message.button,
            timestamp: message.timestamp,
            media: message.media,
            details: message.details,
            replyTo: message.replyTo,
          },
          eventKey: `cloud:${message.phoneNumberId}:${message.id}`,
          owner: { id: owner.id, companyName: owner.companyName },
        });
      }
      await recordUnowned(unowned, log);
      await inbound.receiveMessages(items, log);
    } catch (err) {
      // Neither kept nor recorded for a retry: Meta sends the delivery again on anything but a 200.
      webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: 'failed' });
      log.error({ err }, 'cloud webhook: inbound messages not stored');
      throw new ServiceUnavailableError('Messages not stored; send them again');
    }
  }

  /** Messages to a number no business can take: in the webhook inbox as ignored, with why (a replay: once). */
  async function recordUnowned(unowned: { message: CloudInbound; note: string }[], log: Logger) {
    for (const { message, note } of unowned) {
      const [row] = await receiveEvents(
        deps.db,
        [
          {
            provider: CLOUD_PROVIDER,
            eventKey: `cloud:${message.phoneNumberId}:${message.id}`,
            eventType: 'message',
            payload: message,
          },
        ],
        { status: 'ignored', error: note },
      );
      webhookEventsTotal.inc({ provider: CLOUD_PROVIDER, result: row ? 'ignored' : 'duplicate' });
      if (row) log.warn({ eventId: row.id, note }, 'cloud webhook: message no business can take');
    }
  }
};
