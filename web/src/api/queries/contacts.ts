import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { Query } from '../types';
import { apiQuery } from './api-query';

/** Every contact query starts with this key: invalidating it refreshes lists, counts and tags. */
export const contactKeys = { all: ['contacts'] as const };

export const contactsQuery = (query: Query<'/api/v1/contacts'>) =>
  apiQuery([...contactKeys.all, 'list', query], () => api.GET('/api/v1/contacts', { params: { query } }));

/** How many contacts the business has (a one-row page, for its total). */
export const contactsCountQuery = contactsQuery({ page: 1, pageSize: 1 });

/** The business's tags with how many contacts carry each. */
export const tagsQuery = queryOptions({
  queryKey: [...contactKeys.all, 'tags'],
  queryFn: () => unwrap(api.GET('/api/v1/contacts/tags')),
  staleTime: 30_000,
});
