import { api } from '../client';
import { apiQuery } from './api-query';

/** Every wallet and payment query starts with this key: a settled payment invalidates it. */
export const paymentKeys = { all: ['payments'] as const };

export const walletQuery = apiQuery([...paymentKeys.all, 'wallet'], () => api.GET('/api/v1/payments/wallet'));

export const walletTransactionsQuery = (query: { page: number; pageSize: number }) =>
  apiQuery([...paymentKeys.all, 'transactions', query], () =>
    api.GET('/api/v1/payments/transactions', { params: { query } }),
  );

/** What `totalCredit` credits cost in naira and dollars. */
export const creditPricingQuery = (totalCredit: number) =>
  apiQuery([...paymentKeys.all, 'credit-pricing', totalCredit], () =>
    api.GET('/api/v1/payments/credit-pricing', { params: { query: { totalCredit } } }),
  );

/**
 * Confirms a payment the provider's checkout sent the buyer back from. Asked once per reference, under a
 * key of its own: refreshing the wallet after it must not ask again.
 */
export const paymentVerificationQuery = (reference: string) =>
  apiQuery(['payment-verification', reference], () =>
    api.POST('/api/v1/payments/verify', { body: { reference } }),
  );
