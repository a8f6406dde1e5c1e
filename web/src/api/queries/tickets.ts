import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { Query } from '../types';

/** Every ticket query (the business's and the administrators') starts with this key. */
export const ticketKeys = { all: ['tickets'] as const };

/** The business's own tickets. */
export const ticketsQuery = (query: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...ticketKeys.all, 'list', query],
    queryFn: () => unwrap(api.GET('/api/v1/tickets', { params: { query } })),
  });

/** One ticket with its thread (its business, or an administrator). */
export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: [...ticketKeys.all, 'one', id],
    queryFn: () => unwrap(api.GET('/api/v1/tickets/{id}', { params: { path: { id } } })),
  });

/** Every business's tickets (administrators). */
export const adminTicketsQuery = (query: Query<'/api/v1/tickets/admin'>) =>
  queryOptions({
    queryKey: [...ticketKeys.all, 'admin', query],
    queryFn: () => unwrap(api.GET('/api/v1/tickets/admin', { params: { query } })),
  });
