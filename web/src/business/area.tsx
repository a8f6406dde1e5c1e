import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Area } from '../app/area';
import { allow } from '../app/area';
import { Icons } from '../app/icons';
import { appRoute } from '../app/layout-route';

const business = ['business'] as const;

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./home/Home'), 'Home'),
});

const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/notifications',
  component: lazyRouteComponent(() => import('../notifications/NotificationsPage'), 'NotificationsPage'),
});

const contactsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/contacts',
  beforeLoad: allow(...business),
  component: lazyRouteComponent(() => import('./contacts/ContactsPage'), 'ContactsPage'),
});

/** Everything a business does: home, contacts, campaigns, wallet, support, settings. */
export const businessArea: Area = {
  routes: [homeRoute, notificationsRoute, contactsRoute],
  nav: [
    { label: 'Home', to: '/', icon: Icons.Home, roles: ['business', 'admin', 'superadmin'] },
    { label: 'Contacts', to: '/contacts', icon: Icons.Contacts, roles: business },
    {
      label: 'Notifications',
      to: '/notifications',
      icon: Icons.Bell,
      roles: ['business', 'admin', 'superadmin'],
    },
  ],
};
