import { api } from '../client';
import type { Query } from '../types';
import { apiQuery } from './api-query';

/**
 * Every template query starts with this key: invalidating it refreshes the Templates page and the composer's
 * choice of approved templates.
 */
export const templateKeys = { all: ['templates'] as const };

export type TemplateQuery = Query<'/api/v1/templates'>;

export const templatesQuery = (query: TemplateQuery) =>
  apiQuery([...templateKeys.all, 'list', query], () => api.GET('/api/v1/templates', { params: { query } }));

/** The approved templates a campaign can be built from (the first hundred; a business rarely has more). */
export const approvedTemplatesQuery = templatesQuery({ status: 'APPROVED', page: 1, pageSize: 100 });
