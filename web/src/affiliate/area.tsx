import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { allow, defineArea } from '../app/area';
import { Icons } from '../app/icons';
import { appRoute } from '../app/layout-route';
import { num, searchParams } from '../ui/search';

const affiliateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/affiliate',
  beforeLoad: allow('affiliate'),
  validateSearch: searchParams((s) => ({
    referrals: num(s.referrals, 1),
    history: num(s.history, 1),
  })),
  component: lazyRouteComponent(() => import('./AffiliatePage'), 'AffiliatePage'),
});

/** The affiliate's part of the business console: referrals, earnings, bank accounts and withdrawals. */
export const affiliateArea = defineArea({
  routes: [affiliateRoute],
  // After the business's own pages: an affiliate is a business first.
  menuOrder: 1,
  nav: [
    {
      label: 'Affiliate',
      to: '/affiliate',
      icon: Icons.Affiliate,
      roles: ['affiliate'],
      permission: 'affiliate:read',
    },
  ],
});
