import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  adminTransactionSchema,
  adminTransactionsQuery,
  TransactionReviewService,
} from '../payments/index.js';

/** `GET /admin/transactions`: where administrators find the transactions flagged for their review. */
export const adminTransactionsRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, ['admin']);

  const service = new TransactionReviewService(deps);

  route.get('/admin/transactions', {
    config: { apiObject: 'transaction', auth: 'admin' as const },
    summary: 'Transactions of every business; `flagged=true` lists those awaiting review',
    querystring: adminTransactionsQuery,
    data: pageSchema(adminTransactionSchema),
    message: 'Transactions fetched',
    handle: (req) => service.list(req.query),
  });
};
