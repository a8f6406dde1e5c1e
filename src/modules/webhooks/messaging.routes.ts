import type { Logger } from 'pino';
import { z } from 'zod';
import { errorSchema, sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { ServiceUnavailableError, UnauthorizedError } from '../../platform/http/errors.js';
import { webhookEventsTotal } from '../../platform/metrics.js';
import { deliveryReportsTotal } from '../messages/index.js';
import type { ModulePlugin } from '../module-plugin.js';
import { parseDeliveryReports } from './delivery-reports.payload.js';
import { MESSAGING_PROVIDER, MessagingWebhookService } from './messaging.service.js';
import { WEBHOOK_TOKEN_HEADER, webhookTokenAccepted, webhookTokenOf } from './messaging.token.js';
import { gatewayOutcome, handleReportedFailures } from './reported-failures.js';

/**
 * `POST /webhooks/messaging-provider` (inbound messages) and `.../delivery-reports` (delivery reports): the
 * gateway's callbacks, JSON or form. Once its token is
 * accepted it always answers 200, so this route takes every body as it comes: in this module's scope JSON
 * is kept as text (a malformed body is logged, not a 400) and any other content type is accepted. A body
 * over BODY_LIMIT_BYTES is still a 413: no callback comes near it, and reading on would cost memory.
 */
export const messagingWebhookRoutes: ModulePlugin = async (app, deps) => {
  const service = new MessagingWebhookService(deps);
  const tokenRequired =
    (count: () => void) =>
    async (req: { headers: Record<string, unknown>; query: unknown }): Promise<void> => {
      if (
        !webhookTokenAccepted(deps.config.MESSAGING_WEBHOOK_SECRET, webhookTokenOf(req.headers, req.query))
      ) {
        count();
        throw new UnauthorizedError('Invalid webhook token');
      }
    };

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post(
    '/webhooks/messaging-provider',
    {
      config: { apiObject: 'webhook', auth: 'public', acceptsAnyBody: true, formBody: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Inbound messages from the messaging gateway (opt-in and opt-out); 200 once authenticated',
        description: `With MESSAGING_WEBHOOK_SECRET set, the callback must carry it as the \`token\` query parameter (in the URL configured at the gateway) or in the \`${WEBHOOK_TOKEN_HEADER}\` header; otherwise 401 and nothing is stored.`,
        response: { 200: successSchema(z.null()), 401: errorSchema },
      },
      // Before the body is read: an unauthenticated caller costs no parsing and stores nothing.
      onRequest: tokenRequired(() =>
        webhookEventsTotal.inc({ provider: MESSAGING_PROVIDER, result: 'rejected' }),
      ),
    },
    async (req, reply) => {
      try {
        // The app's logger is pino (buildApp's loggerInstance), so the request's is a pino child.
        await service.receive(req.body, req.log as Logger);
      } catch (err) {
        // The gateway must never see an error from us: it would retry, and the event is in the inbox.
        webhookEventsTotal.inc({ provider: MESSAGING_PROVIDER, result: 'failed' });
        req.log.error({ err }, 'messaging webhook failed');
      }
      return sendSuccess(reply, null, 'Received');
    },
  );

  app.post(
    '/webhooks/messaging-provider/delivery-reports',
    {
      config: { apiObject: 'webhook', auth: 'public', acceptsAnyBody: true, formBody: true },
      schema: {
        tags: ['webhooks'],
        summary:
          'Delivery reports from the messaging gateway (sent, delivered, read, failed); 200 once stored',
        description: `One report as query or form fields (\`externalId\`, \`deliveredTS\`, \`status\`, \`cause\`, \`phoneNo\`, \`errCode\`) or a JSON array of events (\`externalId\`, \`eventType\`, \`eventTs\`, \`cause\`, \`errorCode\`, ...). Same token rule as the inbound callback (401 without it when MESSAGING_WEBHOOK_SECRET is set). Once accepted the answer is 200, unknown ids and unreadable items included (they are logged and counted); 503 only when the reports could not be stored, so the gateway sends them again.`,
        response: { 200: successSchema(z.null()), 401: errorSchema, 503: errorSchema },
      },
      onRequest: tokenRequired(() => deliveryReportsTotal.inc({ result: 'rejected' })),
    },
    async (req, reply) => {
      const parsed = parseDeliveryReports(req.query, req.body);
      if (parsed.malformed || parsed.ignored) {
        deliveryReportsTotal.inc({ result: 'malformed' }, parsed.malformed);
        deliveryReportsTotal.inc({ result: 'ignored' }, parsed.ignored);
        req.log.warn(
          { malformed: parsed.malformed, ignored: parsed.ignored, accepted: parsed.receipts.length },
          'delivery reports: items not read',
        );
      }
      try {
        // Reports naming a reply are the conversations module's, the others the campaign messages'. Both
        // look at once: a reply's report the campaign writer does not know waits among its pending ones
        // (taken back if it raced the reply's send), and the callback waits for the slower, not the sum.
        await Promise.all([
          deps.replyReceipts.match(parsed.receipts, req.log as Logger),
          deps.receiptWriter.write(parsed.receipts),
        ]);
      } catch (err) {
        deliveryReportsTotal.inc({ result: 'failed' }, parsed.receipts.length);
        req.log.error({ err, count: parsed.receipts.length }, 'delivery reports not stored');
        throw new ServiceUnavailableError('Delivery reports not stored; send them again');
      }
      await handleReportedFailures(deps, parsed.receipts, req.log as Logger, gatewayOutcome);
      return sendSuccess(reply, null, 'Received');
    },
  );
};
