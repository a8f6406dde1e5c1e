import type { Logger } from 'pino';
import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { webhookEventsTotal } from '../../platform/metrics.js';
import type { ModulePlugin } from '../index.js';
import { MESSAGING_PROVIDER, MessagingWebhookService } from './messaging.service.js';

/**
 * `POST /webhooks/messaging-provider`: the gateway's inbound callback, JSON or form. It always answers 200,
 * so this route takes every body as it comes: in this module's scope JSON is kept as text (a malformed
 * body is logged, not a 400) and any other content type is accepted.
 */
export const messagingWebhookRoutes: ModulePlugin = async (app, deps) => {
  const service = new MessagingWebhookService(deps);

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post(
    '/webhooks/messaging-provider',
    {
      config: { apiObject: 'webhook', auth: 'public', acceptsAnyBody: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Inbound messages from the messaging gateway (opt-in and opt-out); always 200',
        response: { 200: successSchema(z.null()) },
      },
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
};
