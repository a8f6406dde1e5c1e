import { api } from '../client';
import type { Body, Query } from '../types';
import { apiQuery } from './api-query';

/** Every campaign query starts with this key: invalidating it refreshes lists, pages and estimates. */
export const campaignKeys = { all: ['campaigns'] as const };

export const campaignsQuery = (query: Query<'/api/v1/campaigns'>) =>
  apiQuery([...campaignKeys.all, 'list', query], () => api.GET('/api/v1/campaigns', { params: { query } }));

export const campaignStatsQuery = apiQuery([...campaignKeys.all, 'stats'], () =>
  api.GET('/api/v1/campaigns/stats'),
);

export const campaignQuery = (id: string) =>
  apiQuery([...campaignKeys.all, 'one', id], () =>
    api.GET('/api/v1/campaigns/{id}', { params: { path: { id } } }),
  );

export const campaignReportQuery = (id: string) =>
  apiQuery([...campaignKeys.all, 'report', id], () =>
    api.GET('/api/v1/campaigns/{id}/report', { params: { path: { id } } }),
  );

export const campaignMessagesQuery = (id: string, query: Query<'/api/v1/campaigns/{id}/messages'>) =>
  apiQuery([...campaignKeys.all, 'messages', id, query], () =>
    api.GET('/api/v1/campaigns/{id}/messages', { params: { path: { id }, query } }),
  );

/** Recipients and price of an audience before publishing (nothing is reserved). */
export const campaignEstimateQuery = (body: Body<'/api/v1/campaigns/estimate', 'post'>) =>
  apiQuery([...campaignKeys.all, 'estimate', body], () => api.POST('/api/v1/campaigns/estimate', { body }));

/** The business's opt-in QR code (a campaign route, shown in the settings). */
export const optInQrQuery = apiQuery([...campaignKeys.all, 'qr-code'], () =>
  api.GET('/api/v1/campaigns/qr-code'),
);

/** An A/B campaign's variants side by side, with the winner once chosen. */
export const campaignVariantsQuery = (id: string) =>
  apiQuery([...campaignKeys.all, 'variants', id], () =>
    api.GET('/api/v1/campaigns/{id}/variants', { params: { path: { id } } }),
  );
