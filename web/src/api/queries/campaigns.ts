import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { Body, Query } from '../types';

/** Every campaign query starts with this key: invalidating it refreshes lists, pages and estimates. */
export const campaignKeys = { all: ['campaigns'] as const };

export const campaignsQuery = (query: Query<'/api/v1/campaigns'>) =>
  queryOptions({
    queryKey: [...campaignKeys.all, 'list', query],
    queryFn: () => unwrap(api.GET('/api/v1/campaigns', { params: { query } })),
  });

export const campaignStatsQuery = queryOptions({
  queryKey: [...campaignKeys.all, 'stats'],
  queryFn: () => unwrap(api.GET('/api/v1/campaigns/stats')),
});

export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: [...campaignKeys.all, 'one', id],
    queryFn: () => unwrap(api.GET('/api/v1/campaigns/{id}', { params: { path: { id } } })),
  });

export const campaignReportQuery = (id: string) =>
  queryOptions({
    queryKey: [...campaignKeys.all, 'report', id],
    queryFn: () => unwrap(api.GET('/api/v1/campaigns/{id}/report', { params: { path: { id } } })),
  });

export const campaignMessagesQuery = (id: string, query: Query<'/api/v1/campaigns/{id}/messages'>) =>
  queryOptions({
    queryKey: [...campaignKeys.all, 'messages', id, query],
    queryFn: () => unwrap(api.GET('/api/v1/campaigns/{id}/messages', { params: { path: { id }, query } })),
  });

/** Recipients and price of an audience before publishing (nothing is reserved). */
export const campaignEstimateQuery = (body: Body<'/api/v1/campaigns/estimate', 'post'>) =>
  queryOptions({
    queryKey: [...campaignKeys.all, 'estimate', body],
    queryFn: () => unwrap(api.POST('/api/v1/campaigns/estimate', { body })),
  });

/** The business's opt-in QR code (a campaign route, shown in the settings). */
export const optInQrQuery = queryOptions({
  queryKey: [...campaignKeys.all, 'qr-code'],
  queryFn: () => unwrap(api.GET('/api/v1/campaigns/qr-code')),
});

/** An A/B campaign's variants side by side, with the winner once chosen. */
export const campaignVariantsQuery = (id: string) =>
  queryOptions({
    queryKey: [...campaignKeys.all, 'variants', id],
    queryFn: () => unwrap(api.GET('/api/v1/campaigns/{id}/variants', { params: { path: { id } } })),
  });
