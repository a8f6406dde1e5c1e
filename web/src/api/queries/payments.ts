import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';

/** Every wallet and payment query starts with this key: a settled payment invalidates it. */
export const paymentKeys = { all: ['payments'] as const };

export const walletQuery = queryOptions({
  queryKey: [...paymentKeys.all, 'wallet'],
  queryFn: () => unwrap(api.GET('/api/v1/payments/wallet')),
});

export const walletTransactionsQuery = (query: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...paymentKeys.all, 'transactions', query],
    queryFn: () => unwrap(api.GET('/api/v1/payments/transactions', { params: { query } })),
  });

/** What `totalCredit` credits cost in naira and dollars. */
export const creditPricingQuery = (totalCredit: number) =>
  queryOptions({
    queryKey: [...paymentKeys.all, 'credit-pricing', totalCredit],
    queryFn: () => unwrap(api.GET('/api/v1/payments/credit-pricing', { params: { query: { totalCredit } } })),
  });

/**
 * Confirms a payment the provider's checkout sent the buyer back from. Asked once per reference, under a
 * key of its own: refreshing the wallet after it must not ask again.
 */
export const paymentVerificationQuery = (reference: string) =>
  queryOptions({
    queryKey: ['payment-verification', reference],
    queryFn: () => unwrap(api.POST('/api/v1/payments/verify', { body: { reference } })),
  });
