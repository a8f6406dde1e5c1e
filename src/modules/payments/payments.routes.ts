import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
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
  const service = new PaymentsService(deps);
  const config = { apiObject: 'payment' };

  app.get(
    '/payments/credit-pricing',
    {
      config: { ...config, permission: 'wallet:read' },
      schema: {
        tags,
        summary: 'Price of a number of credits, in USD and in NGN',
        querystring: creditPricingQuery,
        response: { 200: successSchema(creditPricingSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.creditPricing(req.auth, req.query), 'Credit pricing'),
  );

  app.post(
    '/payments/credit-link',
    {
      config: { ...config, auth: 'verifiedEmail', permission: 'wallet:purchase', idempotent: true },
      schema: {
        tags,
        summary: 'Open a checkout to buy credits (pending transaction)',
        body: creditLinkBody,
        response: { 200: successSchema(checkoutSchema.extend({ totalCredit: z.number().int() })) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.creditLink(req.auth, req.body), 'Checkout created'),
  );

  app.post(
    '/payments/plan-link',
    {
      config: { ...config, auth: 'verifiedEmail', permission: 'wallet:purchase', idempotent: true },
      schema: {
        tags,
        summary: 'Open a checkout to buy a plan (pending transaction)',
        body: planLinkBody,
        response: { 200: successSchema(checkoutSchema.extend({ plan: z.record(z.string(), z.unknown()) })) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.planLink(req.auth, req.body), 'Checkout created'),
  );

  app.post(
    '/payments/verify',
    {
      config: { ...config, permission: 'wallet:purchase' },
      schema: {
        tags,
        summary: 'Confirm a payment with the provider; credits the wallet or assigns the plan once',
        body: verifyBody,
        response: {
          200: successSchema(
            z.object({ transaction: transactionSchema, wallet: walletSchema, userPlan: z.unknown() }),
          ),
        },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.verify(req.auth, req.body), 'Payment verified'),
  );

  app.get(
    '/payments/wallet',
    {
      config: { apiObject: 'wallet', permission: 'wallet:read' },
      schema: { tags, summary: "The business's wallet", response: { 200: successSchema(walletSchema) } },
    },
    async (req, reply) => sendSuccess(reply, await service.wallet(req.auth), 'Wallet fetched'),
  );

  app.get(
    '/payments/transactions',
    {
      config: { apiObject: 'transaction', permission: 'wallet:read' },
      schema: {
        tags,
        summary: "The business's transactions, newest first",
        querystring: transactionsQuery,
        response: { 200: successSchema(pageSchema(transactionSchema)) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.transactions(req.auth, req.query), 'Transactions fetched'),
  );
};
