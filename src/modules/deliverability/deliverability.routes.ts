import { z } from 'zod';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { NotFoundError } from '../../platform/http/errors.js';
import { idParams } from '../../platform/http/id-params.js';
import { messagingLimitStatus, messagingLimitStatusSchema } from '../messages/index.js';
import type { ModulePlugin } from '../module-plugin.js';
import { businessExists, writeLimit } from './messaging-limits.js';

const limitBody = z
  .object({
    dailyRecipients: z
      .number()
      .int()
      .positive()
      .max(100_000_000)
      .nullable()
      .optional()
      .describe('Distinct people per rolling 24 hours; null = unlimited'),
    messagesPerSecond: z
      .number()
      .int()
      .positive()
      .max(1_000)
      .nullable()
      .optional()
      .describe('Throughput of the number; null = the default rate'),
  })
  .strict();

/** `PATCH /admin/businesses/{id}/messaging-limit`: an admin sets or clears a business's limits. */
export const deliverabilityRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, ['admin']);

  route.patch('/admin/businesses/:id/messaging-limit', {
    config: { apiObject: 'messagingLimit', auth: 'admin' },
    summary: "Set or clear a business's messaging limit and throughput (null clears; omitted keeps)",
    params: idParams,
    body: limitBody,
    data: messagingLimitStatusSchema,
    message: 'Messaging limit saved',
    handle: async (req) => {
      const id = req.params.id;
      if (!(await businessExists(deps.db, id))) throw new NotFoundError('Business');
      const patch: { dailyRecipients?: number | null; messagesPerSecond?: number | null } = {};
      if (req.body.dailyRecipients !== undefined) patch.dailyRecipients = req.body.dailyRecipients;
      if (req.body.messagesPerSecond !== undefined) patch.messagesPerSecond = req.body.messagesPerSecond;
      await writeLimit(deps.db, id, patch, 'admin');
      return messagingLimitStatus(deps.db, id);
    },
  });
};
