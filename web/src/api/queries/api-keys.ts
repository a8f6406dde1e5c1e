import { api } from '../client';
import type { Data } from '../types';
import { apiQuery } from './api-query';

export type ApiKey = Data<'/api/v1/api-keys', 'get'>[number];
export type IssuedKey = Data<'/api/v1/api-keys', 'post'>;

export const apiKeysQuery = apiQuery(['api-keys'], () => api.GET('/api/v1/api-keys'));
