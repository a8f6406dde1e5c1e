import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { PRICE_CATEGORIES } from '../api/model';
import { allow, defineArea } from '../app/area';
import { Icons } from '../app/icons';
import { appRoute } from '../app/layout-route';
import { bool, num, oneOf, pageSize, searchParams, str } from '../ui/search';

const admins = ['admin', 'superadmin'] as const;
const adminsOnly = allow(...admins);

const list = (s: Record<string, unknown>) => ({
  page: num(s.page, 1),
  pageSize: pageSize(s.pageSize),
  search: str(s.search),
});

const adminHomeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin',
  beforeLoad: adminsOnly,
  component: lazyRouteComponent(() => import('./home/AdminHome'), 'AdminHome'),
});

const businessesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/businesses',
  beforeLoad: adminsOnly,
  validateSearch: searchParams((s) => ({
    ...list(s),
    // The queue is what an admin opens this page for; `all` shows every state.
    verified: oneOf(s.verified, ['pending', 'accepted', 'rejected', 'all'] as const) ?? 'pending',
  })),
  component: lazyRouteComponent(() => import('./businesses/BusinessesPage'), 'BusinessesPage'),
});

const businessRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/businesses/$id',
  beforeLoad: adminsOnly,
  component: lazyRouteComponent(() => import('./businesses/BusinessDetail'), 'BusinessDetail'),
});

const accountsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/accounts',
  beforeLoad: adminsOnly,
  validateSearch: searchParams((s) => ({
    ...list(s),
    role: oneOf(s.role, ['superadmin', 'admin', 'business', 'user'] as const),
    account: str(s.account),
  })),
  component: lazyRouteComponent(() => import('./accounts/AccountsPage'), 'AccountsPage'),
});

const plansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/plans',
  beforeLoad: adminsOnly,
  component: lazyRouteComponent(() => import('./plans/PlansPage'), 'PlansPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/settings',
  beforeLoad: allow('superadmin'),
  component: lazyRouteComponent(() => import('./settings/SettingsPage'), 'SettingsPage'),
});

const exchangeRatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/exchange-rates',
  beforeLoad: adminsOnly,
  component: lazyRouteComponent(() => import('./exchange-rates/ExchangeRatesPage'), 'ExchangeRatesPage'),
});

const priceCardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/price-card',
  beforeLoad: adminsOnly,
  validateSearch: searchParams((s) => ({
    category: oneOf(s.category, PRICE_CATEGORIES),
    country: str(s.country),
  })),
  component: lazyRouteComponent(() => import('./price-card/PriceCardPage'), 'PriceCardPage'),
});

const revenueRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/revenue',
  beforeLoad: adminsOnly,
  validateSearch: searchParams((s) => ({ from: str(s.from), to: str(s.to) })),
  component: lazyRouteComponent(() => import('./revenue/RevenuePage'), 'RevenuePage'),
});

const transactionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/transactions',
  beforeLoad: adminsOnly,
  validateSearch: searchParams((s) => ({
    page: num(s.page, 1),
    pageSize: pageSize(s.pageSize),
    status: oneOf(s.status, ['pending', 'successful', 'failed', 'reversed'] as const),
    kind: str(s.kind),
    flagged: bool(s.flagged),
    businessId: str(s.businessId),
    from: str(s.from),
    to: str(s.to),
    open: str(s.open),
  })),
  component: lazyRouteComponent(() => import('./transactions/TransactionsPage'), 'TransactionsPage'),
});

const ticketsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/tickets',
  beforeLoad: adminsOnly,
  validateSearch: searchParams((s) => ({
    ...list(s),
    status: oneOf(s.status, ['pending', 'open', 'closed', 'resolved'] as const),
  })),
  component: lazyRouteComponent(() => import('./tickets/TicketsPage'), 'TicketsPage'),
});

const ticketRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/tickets/$id',
  beforeLoad: adminsOnly,
  component: lazyRouteComponent(() => import('./tickets/TicketThread'), 'TicketThread'),
});

/** What the platform's administrators run: the queue, accounts, plans, prices, money and support. */
export const adminArea = defineArea({
  routes: [
    adminHomeRoute,
    businessesRoute,
    businessRoute,
    accountsRoute,
    plansRoute,
    settingsRoute,
    exchangeRatesRoute,
    priceCardRoute,
    revenueRoute,
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
    { label: 'Rate card', to: '/admin/price-card', icon: Icons.Wallet, roles: admins },
    { label: 'Revenue and margin', to: '/admin/revenue', icon: Icons.Wallet, roles: admins },
    { label: 'Transactions', to: '/admin/transactions', icon: Icons.Wallet, roles: admins },
    { label: 'Tickets', to: '/admin/tickets', icon: Icons.Support, roles: admins },
    { label: 'Platform settings', to: '/admin/settings', icon: Icons.Settings, roles: ['superadmin'] },
  ],
});
