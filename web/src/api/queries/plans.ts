import { api } from '../client';
import { apiQuery } from './api-query';

/** Every plan query starts with this key. */
export const planKeys = { all: ['plans'] as const };

/** The plans a business may buy. */
export const plansQuery = apiQuery([...planKeys.all, 'list'], () =>
  api.GET('/api/v1/plans', { params: { query: { page: 1, pageSize: 50 } } }),
);

/** The business's own plan, if it has one. */
export const myPlanQuery = apiQuery([...planKeys.all, 'mine'], () => api.GET('/api/v1/plans/my-plan'));

/** Every plan, active or not (administrators). */
export const adminPlansQuery = apiQuery([...planKeys.all, 'admin'], () => api.GET('/api/v1/plans/admin/all'));
