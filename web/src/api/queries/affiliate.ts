import { queryOptions } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { api, unwrap } from '../client';
import { apiQuery } from './api-query';

/** Every affiliate query starts with this key, so one invalidation refreshes the whole page. */
export const affiliateKeys = { all: ['affiliate'] as const };

export const earningsQuery = apiQuery([...affiliateKeys.all, 'earnings'], () =>
  api.GET('/api/v1/affiliate/earnings'),
);

export const referralsQuery = (query: { page: number; pageSize: number }) =>
  apiQuery([...affiliateKeys.all, 'referrals', query], () =>
    api.GET('/api/v1/affiliate/referrals', { params: { query } }),
  );

export const affiliateTransactionsQuery = (query: { page: number; pageSize: number }) =>
  apiQuery([...affiliateKeys.all, 'transactions', query], () =>
    api.GET('/api/v1/affiliate/transactions', { params: { query } }),
  );

export const bankAccountsQuery = apiQuery([...affiliateKeys.all, 'bank-accounts'], () =>
  api.GET('/api/v1/affiliate/bank-accounts'),
);

export const banksQuery = queryOptions({
  queryKey: [...affiliateKeys.all, 'banks'],
  queryFn: () => unwrap(api.GET('/api/v1/affiliate/banks')),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The referral link as a QR code image (drawn in the browser, no request). */
export const referralQrQuery = (link: string) =>
  queryOptions({
    queryKey: [...affiliateKeys.all, 'qr', link],
    queryFn: () => toDataURL(link, { margin: 1, width: 480, errorCorrectionLevel: 'M' }),
    staleTime: Number.POSITIVE_INFINITY,
  });
