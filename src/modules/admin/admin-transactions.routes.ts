import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  adminTransactionSchema,
  adminTransactionsQuery,
  TransactionReviewService,
} from '../payments/index.js';

/** `GET /admin/transactions`: where administrators find the transactions flagged for their review. */
export const adminTransactionsRoutes: ModulePlugin = async (app, deps) => {
  const service = new TransactionReviewService(deps);

  app.get(
    '/admin/transactions',
    {
      config: { apiObject: 'transaction', auth: 'admin' as const },
      schema: {
        tags: ['admin'],
        summary: 'Transactions of every business; `flagged=true` lists those awaiting review',
        querystring: adminTransactionsQuery,
        response: { 200: successSchema(pageSchema(adminTransactionSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.query), 'Transactions fetched'),
  );
};
