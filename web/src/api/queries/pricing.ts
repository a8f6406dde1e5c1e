import { api } from '../client';
import type { Query } from '../types';
import { apiQuery } from './api-query';

/** Every rate card query starts with this key. */
export const priceCardKeys = { all: ['price-card'] as const };

type CardFilter = Query<'/api/v1/admin/price-card'>;
type HistoryFilter = Query<'/api/v1/admin/price-card/history'>;
type RangeQuery = Query<'/api/v1/admin/analytics/revenue'>;

export const priceCardQuery = (q: CardFilter) =>
  apiQuery([...priceCardKeys.all, 'card', q], () =>
    api.GET('/api/v1/admin/price-card', { params: { query: q } }),
  );

export const priceHistoryQuery = (q: HistoryFilter) =>
  apiQuery([...priceCardKeys.all, 'history', q], () =>
    api.GET('/api/v1/admin/price-card/history', { params: { query: q } }),
  );

export const revenueQuery = (q: RangeQuery) =>
  apiQuery(['admin', 'analytics', 'revenue', q], () =>
    api.GET('/api/v1/admin/analytics/revenue', { params: { query: q } }),
  );
