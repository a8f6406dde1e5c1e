import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import { transactionSchema } from '../payments/index.js';
import {
  affiliateTransactionsQuery,
  bankAccountSchema,
  bankSchema,
  createBankAccountBody,
  earningsSchema,
  referralSchema,
  referralsQuery,
  resolvedAccountSchema,
  verifyBankAccountQuery,
  withdrawBody,
} from './affiliate.schemas.js';
import { AffiliateService } from './affiliate.service.js';

const tags = ['affiliate'];

/** Every affiliate route answers 403 to a business that is not an affiliate (docs/decisions/payments.md). */
export const affiliateRoutes: ModulePlugin = async (app, deps) => {
  const service = new AffiliateService(deps);
  const auth = 'affiliate' as const;

  app.get(
    '/affiliate/referrals',
    {
      config: { apiObject: 'referral', auth, permission: 'affiliate:read' },
      schema: {
        tags,
        summary: 'Businesses this affiliate referred',
        querystring: referralsQuery,
        response: { 200: successSchema(pageSchema(referralSchema)) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.referrals(req.auth, req.query), 'Referrals fetched'),
  );

  app.get(
    '/affiliate/earnings',
    {
      config: { apiObject: 'earnings', auth, permission: 'affiliate:read' },
      schema: { tags, summary: 'Earnings in NGN', response: { 200: successSchema(earningsSchema) } },
    },
    async (req, reply) => sendSuccess(reply, await service.earnings(req.auth), 'Earnings fetched'),
  );

  app.get(
    '/affiliate/transactions',
    {
      config: { apiObject: 'transaction', auth, permission: 'affiliate:read' },
      schema: {
        tags,
        summary: 'Commissions, withdrawals and refunds, newest first',
        querystring: affiliateTransactionsQuery,
        response: { 200: successSchema(pageSchema(transactionSchema)) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.transactions(req.auth, req.query), 'Transactions fetched'),
  );

  app.get(
    '/affiliate/banks',
    {
      config: { apiObject: 'bank', auth, permission: 'affiliate:read' },
      schema: {
        tags,
        summary: "Banks and the provider's bank codes",
        response: { 200: successSchema(z.array(bankSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.bankList(req.auth), 'Banks fetched'),
  );

  app.get(
    '/affiliate/bank-accounts',
    {
      config: { apiObject: 'bankAccount', auth, permission: 'affiliate:read' },
      schema: {
        tags,
        summary: 'Saved bank accounts (numbers masked but the last 4 digits)',
        response: { 200: successSchema(z.array(bankAccountSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.bankAccounts(req.auth), 'Bank accounts fetched'),
  );

  app.get(
    '/affiliate/bank-accounts/verify',
    {
      config: { apiObject: 'bankAccount', auth, permission: 'affiliate:read' },
      schema: {
        tags,
        summary: "Resolve an account holder's name through the payment provider",
        querystring: verifyBankAccountQuery,
        response: { 200: successSchema(resolvedAccountSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.verifyBankAccount(req.auth, req.query), 'Bank account resolved'),
  );

  app.post(
    '/affiliate/bank-accounts',
    {
      config: { apiObject: 'bankAccount', auth, permission: 'affiliate:manage' },
      schema: {
        tags,
        summary: 'Save a bank account (resolved through the provider first)',
        body: createBankAccountBody,
        response: { 201: successSchema(bankAccountSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.createBankAccount(req.auth, req.body), 'Bank account saved', 201),
  );

  app.post(
    '/affiliate/withdraw',
    {
      config: {
        apiObject: 'withdrawal',
        auth: ['verifiedEmail', auth],
        permission: 'affiliate:manage',
        idempotent: true,
      },
      schema: {
        tags,
        summary: 'Withdraw earnings (debited at once; the transfer follows)',
        body: withdrawBody,
        response: { 200: successSchema(transactionSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.withdraw(req.auth, req.body), 'Withdrawal initiated'),
  );
};
