import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';

/** Whether sign-in with the identity provider is offered, and where it starts. */
export const identityProviderQuery = queryOptions({
  queryKey: ['identity-provider'],
  queryFn: () => unwrap(api.GET('/api/v1/auth/identity-provider')),
  staleTime: 5 * 60_000,
});
