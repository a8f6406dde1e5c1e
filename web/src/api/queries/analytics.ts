import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { apiQuery } from './api-query';

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The business's last 30 days, cut in the reader's own time zone. */
export const overviewQuery = apiQuery(['analytics', 'overview'], () =>
  api.GET('/api/v1/analytics/overview', { params: { query: { timeZone: timeZone() } } }),
);

/** The platform's last 30 days, across every business, in the administrator's own time zone. */
export const adminOverviewQuery = queryOptions({
  queryKey: ['admin', 'analytics', 'overview'],
  queryFn: () =>
    unwrap(api.GET('/api/v1/admin/analytics/overview', { params: { query: { timeZone: timeZone() } } })),
  staleTime: 60_000,
});

/** What the business paid in credits by recipient country and category, the last 30 days. */
export const spendQuery = apiQuery(['analytics', 'spend'], () =>
  api.GET('/api/v1/analytics/spend', { params: { query: { timeZone: timeZone() } } }),
);
