import { api } from '../client';
import type { Data, Query } from '../types';
import { apiQuery } from './api-query';

/** Every members query starts with this key: a change to the team invalidates them all. */
export const memberKeys = { all: ['members'] as const };

export type Member = Data<'/api/v1/members', 'get'>[number];
export type Invitation = Data<'/api/v1/members/invitations', 'get'>[number];
export type AuditQuery = Query<'/api/v1/audit-log'>;

export const membersQuery = apiQuery([...memberKeys.all, 'list'], () => api.GET('/api/v1/members'));

export const seatsQuery = apiQuery([...memberKeys.all, 'seats'], () => api.GET('/api/v1/members/seats'));

export const invitationsQuery = apiQuery([...memberKeys.all, 'invitations'], () =>
  api.GET('/api/v1/members/invitations'),
);

export const auditLogQuery = (query: AuditQuery) =>
  apiQuery(['audit-log', query], () => api.GET('/api/v1/audit-log', { params: { query } }));
