import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { Data } from '../types';

export type ApiKey = Data<'/api/v1/api-keys', 'get'>[number];
export type IssuedKey = Data<'/api/v1/api-keys', 'post'>;

export const apiKeysQuery = queryOptions({
  queryKey: ['api-keys'],
  queryFn: () => unwrap(api.GET('/api/v1/api-keys')),
});
