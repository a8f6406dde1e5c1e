import { z } from 'zod';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
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
  const route = envelopeRoutes(app, tags);

  const service = new AffiliateService(deps);
  const auth = 'affiliate' as const;

  route.get('/affiliate/referrals', {
    config: { apiObject: 'referral', auth, permission: 'affiliate:read' },
    summary: 'Businesses this affiliate referred',
    querystring: referralsQuery,
    data: pageSchema(referralSchema),
    message: 'Referrals fetched',
    handle: (req) => service.referrals(req.auth, req.query),
  });

  route.get('/affiliate/earnings', {
    config: { apiObject: 'earnings', auth, permission: 'affiliate:read' },
    summary: 'Earnings in NGN',
    data: earningsSchema,
    message: 'Earnings fetched',
    handle: (req) => service.earnings(req.auth),
  });

  route.get('/affiliate/transactions', {
    config: { apiObject: 'transaction', auth, permission: 'affiliate:read' },
    summary: 'Commissions, withdrawals and refunds, newest first',
    querystring: affiliateTransactionsQuery,
    data: pageSchema(transactionSchema),
    message: 'Transactions fetched',
    handle: (req) => service.transactions(req.auth, req.query),
  });

  route.get('/affiliate/banks', {
    config: { apiObject: 'bank', auth, permission: 'affiliate:read' },
    summary: "Banks and the provider's bank codes",
    data: z.array(bankSchema),
    message: 'Banks fetched',
    handle: (req) => service.bankList(req.auth),
  });

  route.get('/affiliate/bank-accounts', {
    config: { apiObject: 'bankAccount', auth, permission: 'affiliate:read' },
    summary: 'Saved bank accounts (numbers masked but the last 4 digits)',
    data: z.array(bankAccountSchema),
    message: 'Bank accounts fetched',
    handle: (req) => service.bankAccounts(req.auth),
  });

  route.get('/affiliate/bank-accounts/verify', {
    config: { apiObject: 'bankAccount', auth, permission: 'affiliate:read' },
    summary: "Resolve an account holder's name through the payment provider",
    querystring: verifyBankAccountQuery,
    data: resolvedAccountSchema,
    message: 'Bank account resolved',
    handle: (req) => service.verifyBankAccount(req.auth, req.query),
  });

  route.post('/affiliate/bank-accounts', {
    config: { apiObject: 'bankAccount', auth, permission: 'affiliate:manage' },
    summary: 'Save a bank account (resolved through the provider first)',
    body: createBankAccountBody,
    data: bankAccountSchema,
    code: 201,
    message: 'Bank account saved',
    handle: (req) => service.createBankAccount(req.auth, req.body),
  });

  route.post('/affiliate/withdraw', {
    config: {
      apiObject: 'withdrawal',
      auth: ['verifiedEmail', auth],
      permission: 'affiliate:manage',
      idempotent: true,
    },
    summary: 'Withdraw earnings (debited at once; the transfer follows)',
    body: withdrawBody,
    data: transactionSchema,
    message: 'Withdrawal initiated',
    handle: (req) => service.withdraw(req.auth, req.body),
  });
};
