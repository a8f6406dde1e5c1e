import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { num } from '../admin/search';
import type { Area } from '../app/area';
import { allow } from '../app/area';
import { Icons } from '../app/icons';
import { appRoute } from '../app/layout-route';

export const affiliateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/affiliate',
  beforeLoad: allow('affiliate'),
  validateSearch: (s: Record<string, unknown>) => ({
    referrals: num(s.referrals, 1),
    history: num(s.history, 1),
  }),
  component: lazyRouteComponent(
    (() => import('./AffiliatePage')) as unknown as () => Promise<Record<string, () => null>>,
    'AffiliatePage',
  ),
});

/** The affiliate's part of the business console: referrals, earnings, bank accounts and withdrawals. */
export const affiliateArea: Area = {
  routes: [affiliateRoute],
  // After the business's own pages: an affiliate is a business first.
  menuOrder: 1,
  nav: [{ label: 'Affiliate', to: '/affiliate', icon: Icons.Affiliate, roles: ['affiliate'] }],
};
