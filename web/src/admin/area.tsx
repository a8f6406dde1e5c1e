import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Area } from '../app/area';
import { allow } from '../app/area';
import { Icons } from '../app/icons';
import { appRoute } from '../app/layout-route';
import { bool, num, oneOf, str } from './search';

const admins = ['admin', 'superadmin'] as const;
const adminsOnly = allow(...admins);
const page = (name: string, load: () => Promise<Record<string, unknown>>) =>
  lazyRouteComponent(load as () => Promise<Record<string, () => null>>, name);

const list = (s: Record<string, unknown>) => ({
  page: num(s.page, 1),
  pageSize: num(s.pageSize, 20, 100),
  search: str(s.search),
});

export const adminHomeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin',
  beforeLoad: adminsOnly,
  component: page('AdminHome', () => import('./home/AdminHome')),
});

export const businessesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/businesses',
  beforeLoad: adminsOnly,
  validateSearch: (s: Record<string, unknown>) => ({
    ...list(s),
    // The queue is what an admin opens this page for; `all` shows every state.
    verified: oneOf(s.verified, ['pending', 'accepted', 'rejected', 'all'] as const) ?? 'pending',
  }),
  component: page('BusinessesPage', () => import('./businesses/BusinessesPage')),
});

export const businessRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/businesses/$id',
  beforeLoad: adminsOnly,
  component: page('BusinessDetail', () => import('./businesses/BusinessDetail')),
});

export const accountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/accounts',
  beforeLoad: adminsOnly,
  validateSearch: (s: Record<string, unknown>) => ({
    ...list(s),
    role: oneOf(s.role, ['superadmin', 'admin', 'business', 'user'] as const),
    account: str(s.account),
  }),
  component: page('AccountsPage', () => import('./accounts/AccountsPage')),
});

export const plansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/plans',
  beforeLoad: adminsOnly,
  component: page('PlansPage', () => import('./plans/PlansPage')),
});

export const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/settings',
  beforeLoad: allow('superadmin'),
  component: page('SettingsPage', () => import('./settings/SettingsPage')),
});

export const exchangeRatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/exchange-rates',
  beforeLoad: adminsOnly,
  component: page('ExchangeRatesPage', () => import('./exchange-rates/ExchangeRatesPage')),
});

export const transactionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/transactions',
  beforeLoad: adminsOnly,
  validateSearch: (s: Record<string, unknown>) => ({
    page: num(s.page, 1),
    pageSize: num(s.pageSize, 20, 100),
    status: oneOf(s.status, ['pending', 'successful', 'failed', 'reversed'] as const),
    kind: str(s.kind),
    flagged: bool(s.flagged),
    businessId: str(s.businessId),
    from: str(s.from),
    to: str(s.to),
    open: str(s.open),
  }),
  component: page('TransactionsPage', () => import('./transactions/TransactionsPage')),
});

export const ticketsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/tickets',
  beforeLoad: adminsOnly,
  validateSearch: (s: Record<string, unknown>) => ({
    ...list(s),
    status: oneOf(s.status, ['pending', 'open', 'closed', 'resolved'] as const),
  }),
  component: page('TicketsPage', () => import('./tickets/TicketsPage')),
});

export const ticketRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/tickets/$id',
  beforeLoad: adminsOnly,
  component: page('TicketThread', () => import('./tickets/TicketThread')),
});

/** What the platform's administrators run: the queue, accounts, plans, prices, money and support. */
export const adminArea: Area = {
  routes: [
    adminHomeRoute,
    businessesRoute,
    businessRoute,
    accountsRoute,
    plansRoute,
    settingsRoute,
    exchangeRatesRoute,
    transactionsRoute,
    ticketsRoute,
    ticketRoute,
  ],
  nav: [
    { label: 'Admin home', to: '/admin', icon: Icons.Admin, roles: admins, exact: true },
    { label: 'Verification', to: '/admin/businesses', icon: Icons.Check, roles: admins },
    { label: 'Accounts', to: '/admin/accounts', icon: Icons.Contacts, roles: admins },
    { label: 'Plans', to: '/admin/plans', icon: Icons.Campaigns, roles: admins },
    { label: 'Exchange rates', to: '/admin/exchange-rates', icon: Icons.Wallet, roles: admins },
    { label: 'Transactions', to: '/admin/transactions', icon: Icons.Wallet, roles: admins },
    { label: 'Tickets', to: '/admin/tickets', icon: Icons.Support, roles: admins },
    { label: 'Platform settings', to: '/admin/settings', icon: Icons.Settings, roles: ['superadmin'] },
  ],
};
