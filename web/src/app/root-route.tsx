import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { Session } from '../auth/session';
import { NotFound } from './NotAllowed';

export interface RouterContext {
  queryClient: QueryClient;
  /** Set by the signed-in layout's beforeLoad for its children. */
  session?: Session | null;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: NotFound,
});
