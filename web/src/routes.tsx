import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { AreaError, appRoute, publicRoute } from './app/layout-route';
import { registerNav } from './app/nav';
import { rootRoute } from './app/root-route';
import * as registered from './areas';
import { authRoutes, signedInAuthRoutes } from './auth/routes';

/** Every area's routes, each with its own type: the router then checks every link, param and search. */
type AreaRoute = (typeof registered)[keyof typeof registered]['routes'][number];

const areas = Object.values(registered);
const areaRoutes = areas.flatMap((a): AreaRoute[] => [...a.routes]);
registerNav([...areas].sort((a, b) => (a.menuOrder ?? 0) - (b.menuOrder ?? 0)).flatMap((a) => a.nav));

export const routeTree = rootRoute.addChildren([
  publicRoute.addChildren(authRoutes),
  appRoute.addChildren([...signedInAuthRoutes, ...areaRoutes]),
]);

export function makeRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Lists keep their data in TanStack Query; the router only decides what to render.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A page's own failure (or a role that may not open it) shows inside the shell, navigation still there.
    defaultErrorComponent: AreaError,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}
