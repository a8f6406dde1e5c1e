import type { Logger } from 'pino';
import { z } from 'zod';
import { errorSchema, sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { UnauthorizedError } from '../../platform/http/errors.js';
import { webhookEventsTotal } from '../../platform/metrics.js';
import type { ModulePlugin } from '../module-plugin.js';
import { PAYMENT_PROVIDER, PaymentEventProcessor } from './payment.events.js';

export const SIGNATURE_HEADER = 'x-payment-provider-signature';

/**
 * `POST /webhooks/payment-provider`: check the signature over the exact bytes received, store the event in
 * the inbox, answer 200, then process. A wrong or missing signature is a 401 and nothing is stored.
 */
export const paymentWebhookRoutes: ModulePlugin = async (app, deps) => {
  const processor = new PaymentEventProcessor(deps);
  // Shutdown lets events already accepted finish, then releases the provider's connection pool.
  app.addHook('onClose', async () => {
    await processor.idle();
    await deps.payment.close?.();
  });

  app.post(
    '/webhooks/payment-provider',
    {
      config: { apiObject: 'webhook', auth: 'public', rawBody: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Payment provider events (signed with HMAC-SHA512 of the raw body)',
        headers: z.object({ [SIGNATURE_HEADER]: z.string().optional() }),
        response: { 200: successSchema(z.null()), 401: errorSchema },
      },
    },
    async (req, reply) => {
      const signature = req.headers[SIGNATURE_HEADER];
      const raw = req.rawBody ?? Buffer.alloc(0);
      if (!deps.payment.verifySignature(raw, typeof signature === 'string' ? signature : undefined)) {
        webhookEventsTotal.inc({ provider: PAYMENT_PROVIDER, result: 'rejected' });
        throw new UnauthorizedError('Invalid webhook signature');
      }
      const event = await processor.receive(req.body, raw);
      sendSuccess(reply, null, event ? 'Event received' : 'Event already received');
      if (event) processor.process(event, req.log as Logger);
      else webhookEventsTotal.inc({ provider: PAYMENT_PROVIDER, result: 'duplicate' });
      return reply;
    },
  );
};
