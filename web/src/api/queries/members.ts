import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { Data, Query } from '../types';

/** Every members query starts with this key: a change to the team invalidates them all. */
export const memberKeys = { all: ['members'] as const };

export type Member = Data<'/api/v1/members', 'get'>[number];
export type Invitation = Data<'/api/v1/members/invitations', 'get'>[number];
export type AuditQuery = Query<'/api/v1/audit-log'>;

export const membersQuery = queryOptions({
  queryKey: [...memberKeys.all, 'list'],
  queryFn: () => unwrap(api.GET('/api/v1/members')),
});

export const seatsQuery = queryOptions({
  queryKey: [...memberKeys.all, 'seats'],
  queryFn: () => unwrap(api.GET('/api/v1/members/seats')),
});

export const invitationsQuery = queryOptions({
  queryKey: [...memberKeys.all, 'invitations'],
  queryFn: () => unwrap(api.GET('/api/v1/members/invitations')),
});

export const auditLogQuery = (query: AuditQuery) =>
  queryOptions({
    queryKey: ['audit-log', query],
    queryFn: () => unwrap(api.GET('/api/v1/audit-log', { params: { query } })),
  });
