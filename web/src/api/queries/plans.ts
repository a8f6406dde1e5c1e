import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';

/** Every plan query starts with this key. */
export const planKeys = { all: ['plans'] as const };

/** The plans a business may buy. */
export const plansQuery = queryOptions({
  queryKey: [...planKeys.all, 'list'],
  queryFn: () => unwrap(api.GET('/api/v1/plans', { params: { query: { page: 1, pageSize: 50 } } })),
});

/** The business's own plan, if it has one. */
export const myPlanQuery = queryOptions({
  queryKey: [...planKeys.all, 'mine'],
  queryFn: () => unwrap(api.GET('/api/v1/plans/my-plan')),
});

/** Every plan, active or not (administrators). */
export const adminPlansQuery = queryOptions({
  queryKey: [...planKeys.all, 'admin'],
  queryFn: () => unwrap(api.GET('/api/v1/plans/admin/all')),
});
