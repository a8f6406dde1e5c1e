import { queryOptions } from '@tanstack/react-query';
import { type Answer, unwrap } from '../client';

/**
 * A query of one API call: its cache key and the call, whose success envelope's `data` the query holds (a
 * failure is an ApiError). Queries with options of their own (polling, stale times) use queryOptions.
 */
export const apiQuery = <const K extends readonly unknown[], D>(
  queryKey: K,
  call: () => Promise<Answer<{ data: D }>>,
) => queryOptions({ queryKey, queryFn: () => unwrap(call()) });
