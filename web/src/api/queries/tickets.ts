import { api } from '../client';
import type { Query } from '../types';
import { apiQuery } from './api-query';

/** Every ticket query (the business's and the administrators') starts with this key. */
export const ticketKeys = { all: ['tickets'] as const };

/** The business's own tickets. */
export const ticketsQuery = (query: { page: number; pageSize: number }) =>
  apiQuery([...ticketKeys.all, 'list', query], () => api.GET('/api/v1/tickets', { params: { query } }));

/** One ticket with its thread (its business, or an administrator). */
export const ticketQuery = (id: string) =>
  apiQuery([...ticketKeys.all, 'one', id], () =>
    api.GET('/api/v1/tickets/{id}', { params: { path: { id } } }),
  );

/** Every business's tickets (administrators). */
export const adminTicketsQuery = (query: Query<'/api/v1/tickets/admin'>) =>
  apiQuery([...ticketKeys.all, 'admin', query], () =>
    api.GET('/api/v1/tickets/admin', { params: { query } }),
  );
