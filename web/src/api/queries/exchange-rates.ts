import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { apiQuery } from './api-query';

/** Every exchange-rate query starts with this key. */
export const exchangeRateKeys = { all: ['exchange-rates'] as const };

export const exchangeRatesQuery = apiQuery([...exchangeRateKeys.all, 'list'], () =>
  api.GET('/api/v1/exchange-rates'),
);

/** The countries a rate can be set for. */
export const countriesQuery = queryOptions({
  queryKey: [...exchangeRateKeys.all, 'countries'],
  queryFn: () => unwrap(api.GET('/api/v1/exchange-rates/countries')),
  staleTime: Number.POSITIVE_INFINITY,
});
