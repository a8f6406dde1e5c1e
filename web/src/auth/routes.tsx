import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type appRoute, publicRoute } from '../app/layout-route';

/** `?redirect=` keeps where a signed-out visitor was going; only same-site paths are followed. */
export function safeRedirect(value: unknown): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

const redirectSearch = (s: Record<string, unknown>) => ({
  redirect: typeof s.redirect === 'string' ? s.redirect : undefined,
});

export const signInRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/sign-in',
  validateSearch: redirectSearch,
  component: lazyRouteComponent(() => import('./SignIn'), 'SignIn'),
});

/** The signed-out pages. */
export const authRoutes = [signInRoute];

/** Pages of the auth flow that need the session (verify the e-mail right after sign-up). */
export const signedInAuthRoutes: ReturnType<typeof createRoute<typeof appRoute>>[] = [];
