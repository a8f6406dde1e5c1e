import type { Logger } from 'pino';
import { z } from 'zod';
import { errorSchema, sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { UnauthorizedError } from '../../platform/http/errors.js';
import { webhookEventsTotal } from '../../platform/metrics.js';
import type { ModulePlugin } from '../module-plugin.js';
import { MESSAGING_PROVIDER, MessagingWebhookService } from './messaging.service.js';
import { WEBHOOK_TOKEN_HEADER, webhookTokenAccepted, webhookTokenOf } from './messaging.token.js';

/**
 * `POST /webhooks/messaging-provider`: the gateway's inbound callback, JSON or form. Once its token is
 * accepted it always answers 200, so this route takes every body as it comes: in this module's scope JSON
 * is kept as text (a malformed body is logged, not a 400) and any other content type is accepted. A body
 * over BODY_LIMIT_BYTES is still a 413: no callback comes near it, and reading on would cost memory.
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
        summary: 'Inbound messages from the messaging gateway (opt-in and opt-out); 200 once authenticated',
        description: `With MESSAGING_WEBHOOK_SECRET set, the callback must carry it as the \`token\` query parameter (in the URL configured at the gateway) or in the \`${WEBHOOK_TOKEN_HEADER}\` header; otherwise 401 and nothing is stored.`,
        response: { 200: successSchema(z.null()), 401: errorSchema },
      },
      // Before the body is read: an unauthenticated caller costs no parsing and stores nothing.
      onRequest: async (req) => {
        const given = webhookTokenOf(req.headers, req.query);
        if (!webhookTokenAccepted(deps.config.MESSAGING_WEBHOOK_SECRET, given)) {
          webhookEventsTotal.inc({ provider: MESSAGING_PROVIDER, result: 'rejected' });
          throw new UnauthorizedError('Invalid webhook token');
        }
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
