import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { Query } from '../types';

/** The administrators' views of businesses, accounts, money and settings. */
export const adminKeys = {
  all: ['admin'] as const,
  businesses: ['admin', 'businesses'] as const,
  business: (id: string) => ['admin', 'business', id] as const,
  accounts: ['admin', 'accounts'] as const,
  transactions: ['admin', 'transactions'] as const,
  settings: ['admin', 'settings'] as const,
};

export const adminBusinessesQuery = (query: Query<'/api/v1/admin/businesses'>) =>
  queryOptions({
    queryKey: [...adminKeys.businesses, query],
    queryFn: () => unwrap(api.GET('/api/v1/admin/businesses', { params: { query } })),
  });

export const adminBusinessQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.business(id),
    queryFn: () => unwrap(api.GET('/api/v1/admin/businesses/{id}', { params: { path: { id } } })),
  });

export const adminBusinessFilesQuery = (id: string) =>
  queryOptions({
    queryKey: [...adminKeys.business(id), 'files'],
    queryFn: () => unwrap(api.GET('/api/v1/admin/businesses/{id}/files', { params: { path: { id } } })),
  });

/** A business's audit log as a platform administrator reads it, newest first. */
export const adminBusinessAuditQuery = (
  id: string,
  query: Query<'/api/v1/admin/businesses/{id}/audit-log'>,
) =>
  queryOptions({
    queryKey: [...adminKeys.business(id), 'audit-log', query],
    queryFn: () =>
      unwrap(api.GET('/api/v1/admin/businesses/{id}/audit-log', { params: { path: { id }, query } })),
  });

export const adminAccountsQuery = (query: Query<'/api/v1/admin/accounts'>) =>
  queryOptions({
    queryKey: [...adminKeys.accounts, query],
    queryFn: () => unwrap(api.GET('/api/v1/admin/accounts', { params: { query } })),
  });

export const adminTransactionsQuery = (query: Query<'/api/v1/admin/transactions'>) =>
  queryOptions({
    queryKey: [...adminKeys.transactions, query],
    queryFn: () => unwrap(api.GET('/api/v1/admin/transactions', { params: { query } })),
  });

export const adminSettingsQuery = queryOptions({
  queryKey: adminKeys.settings,
  queryFn: () => unwrap(api.GET('/api/v1/admin/settings')),
});
