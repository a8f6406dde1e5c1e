import { api } from '../client';
import type { Query } from '../types';
import { apiQuery } from './api-query';

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
  apiQuery([...adminKeys.businesses, query], () =>
    api.GET('/api/v1/admin/businesses', { params: { query } }),
  );

export const adminBusinessQuery = (id: string) =>
  apiQuery(adminKeys.business(id), () =>
    api.GET('/api/v1/admin/businesses/{id}', { params: { path: { id } } }),
  );

export const adminBusinessFilesQuery = (id: string) =>
  apiQuery([...adminKeys.business(id), 'files'], () =>
    api.GET('/api/v1/admin/businesses/{id}/files', { params: { path: { id } } }),
  );

/** A business's audit log as a platform administrator reads it, newest first. */
export const adminBusinessAuditQuery = (
  id: string,
  query: Query<'/api/v1/admin/businesses/{id}/audit-log'>,
) =>
  apiQuery([...adminKeys.business(id), 'audit-log', query], () =>
    api.GET('/api/v1/admin/businesses/{id}/audit-log', { params: { path: { id }, query } }),
  );

export const adminAccountsQuery = (query: Query<'/api/v1/admin/accounts'>) =>
  apiQuery([...adminKeys.accounts, query], () => api.GET('/api/v1/admin/accounts', { params: { query } }));

export const adminTransactionsQuery = (query: Query<'/api/v1/admin/transactions'>) =>
  apiQuery([...adminKeys.transactions, query], () =>
    api.GET('/api/v1/admin/transactions', { params: { query } }),
  );

export const adminSettingsQuery = apiQuery(adminKeys.settings, () => api.GET('/api/v1/admin/settings'));
