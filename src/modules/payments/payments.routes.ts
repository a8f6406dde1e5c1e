import { z } from 'zod';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import { walletSchema } from '../wallet/index.js';
import {
  checkoutSchema,
  creditLinkBody,
  creditPricingQuery,
  creditPricingSchema,
  planLinkBody,
  transactionSchema,
  transactionsQuery,
  verifyBody,
} from './payments.schemas.js';
import { PaymentsService } from './payments.service.js';

const tags = ['payments'];

export const paymentsRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new PaymentsService(deps);
  const config = { apiObject: 'payment' };

  route.get('/payments/credit-pricing', {
    config: { ...config, permission: 'wallet:read' },
    summary: 'Price of a number of credits, in USD and in NGN',
    querystring: creditPricingQuery,
    data: creditPricingSchema,
    message: 'Credit pricing',
    handle: (req) => service.creditPricing(req.auth, req.query),
  });

  route.post('/payments/credit-link', {
    config: { ...config, auth: 'verifiedEmail', permission: 'wallet:purchase', idempotent: true },
    summary: 'Open a checkout to buy credits (pending transaction)',
    body: creditLinkBody,
    data: checkoutSchema.extend({ totalCredit: z.number().int() }),
    message: 'Checkout created',
    handle: (req) => service.creditLink(req.auth, req.body),
  });

  route.post('/payments/plan-link', {
    config: { ...config, auth: 'verifiedEmail', permission: 'wallet:purchase', idempotent: true },
    summary: 'Open a checkout to buy a plan (pending transaction)',
    body: planLinkBody,
    data: checkoutSchema.extend({ plan: z.record(z.string(), z.unknown()) }),
    message: 'Checkout created',
    handle: (req) => service.planLink(req.auth, req.body),
  });

  route.post('/payments/verify', {
    config: { ...config, permission: 'wallet:purchase' },
    summary: 'Confirm a payment with the provider; credits the wallet or assigns the plan once',
    body: verifyBody,
    data: z.object({ transaction: transactionSchema, wallet: walletSchema, userPlan: z.unknown() }),
    message: 'Payment verified',
    handle: (req) => service.verify(req.auth, req.body),
  });

  route.get('/payments/wallet', {
    config: { apiObject: 'wallet', permission: 'wallet:read' },
    summary: "The business's wallet",
    data: walletSchema,
    message: 'Wallet fetched',
    handle: (req) => service.wallet(req.auth),
  });

  route.get('/payments/transactions', {
    config: { apiObject: 'transaction', permission: 'wallet:read' },
    summary: "The business's transactions, newest first",
    querystring: transactionsQuery,
    data: pageSchema(transactionSchema),
    message: 'Transactions fetched',
    handle: (req) => service.transactions(req.auth, req.query),
  });
};
