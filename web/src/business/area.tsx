import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { Area } from '../app/area';
import { allow } from '../app/area';
import { Icons } from '../app/icons';
import { appRoute } from '../app/layout-route';
import { bool, num, str } from '../ui/search';

const businessOnly = allow('business');
const page = (name: string, load: () => Promise<Record<string, unknown>>) =>
  lazyRouteComponent(load as () => Promise<Record<string, () => null>>, name);

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  component: page('Home', () => import('./home/Home')),
});

const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/notifications',
  validateSearch: (s: Record<string, unknown>) => ({ page: num(s.page, 1) }),
  component: page('NotificationsPage', () => import('../notifications/NotificationsPage')),
});

export const contactsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/contacts',
  beforeLoad: businessOnly,
  validateSearch: (s: Record<string, unknown>) => ({
    page: num(s.page, 1),
    pageSize: num(s.pageSize, 25, 100),
    search: str(s.search),
    tag: str(s.tag),
    optIn: bool(s.optIn),
  }),
  component: page('ContactsPage', () => import('./contacts/ContactsPage')),
});

export const campaignsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns',
  beforeLoad: businessOnly,
  validateSearch: (s: Record<string, unknown>) => ({
    page: num(s.page, 1),
    pageSize: num(s.pageSize, 25, 100),
    search: str(s.search),
  }),
  component: page('CampaignsPage', () => import('./campaigns/CampaignsPage')),
});

const newCampaignRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns/new',
  beforeLoad: businessOnly,
  validateSearch: (s: Record<string, unknown>) => ({ template: str(s.template) }),
  component: page('Composer', () => import('./campaigns/Composer')),
});

export const campaignRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns/$id',
  beforeLoad: businessOnly,
  validateSearch: (s: Record<string, unknown>) => ({ state: str(s.state), page: num(s.page, 1) }),
  component: page('CampaignPage', () => import('./campaigns/CampaignPage')),
});

export const editCampaignRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns/$id/edit',
  beforeLoad: businessOnly,
  component: page('Composer', () => import('./campaigns/Composer')),
});

export const templatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/templates',
  beforeLoad: businessOnly,
  validateSearch: (s: Record<string, unknown>) => ({
    page: num(s.page, 1),
    pageSize: num(s.pageSize, 25, 100),
    status: str(s.status),
    category: str(s.category),
    language: str(s.language),
  }),
  component: page('TemplatesPage', () => import('./templates/TemplatesPage')),
});

const newTemplateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/templates/new',
  beforeLoad: businessOnly,
  component: page('NewTemplate', () => import('./templates/NewTemplate')),
});

export const walletRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/wallet',
  beforeLoad: businessOnly,
  validateSearch: (s: Record<string, unknown>) => ({ page: num(s.page, 1) }),
  component: page('WalletPage', () => import('./wallet/WalletPage')),
});

export const walletReturnRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/wallet/return',
  beforeLoad: businessOnly,
  validateSearch: (s: Record<string, unknown>) => ({ reference: str(s.reference) ?? str(s.trxref) }),
  component: page('PaymentReturn', () => import('./wallet/PaymentReturn')),
});

export const supportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/support',
  beforeLoad: businessOnly,
  validateSearch: (s: Record<string, unknown>) => ({ page: num(s.page, 1) }),
  component: page('SupportPage', () => import('./support/SupportPage')),
});

export const ticketRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/support/$id',
  beforeLoad: businessOnly,
  component: page('TicketPage', () => import('./support/TicketPage')),
});

export const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  validateSearch: (s: Record<string, unknown>) => ({ tab: str(s.tab) }),
  component: page('SettingsPage', () => import('./settings/SettingsPage')),
});

const business = ['business'] as const;
const everyone = ['business', 'admin', 'superadmin'] as const;

/** Everything a business does: home, contacts, campaigns, templates, wallet, support, settings. */
export const businessArea: Area = {
  routes: [
    homeRoute,
    notificationsRoute,
    contactsRoute,
    campaignsRoute,
    newCampaignRoute,
    campaignRoute,
    editCampaignRoute,
    templatesRoute,
    newTemplateRoute,
    walletRoute,
    walletReturnRoute,
    supportRoute,
    ticketRoute,
    settingsRoute,
  ],
  nav: [
    { label: 'Home', to: '/', icon: Icons.Home, roles: business },
    { label: 'Contacts', to: '/contacts', icon: Icons.Contacts, roles: business },
    { label: 'Campaigns', to: '/campaigns', icon: Icons.Campaigns, roles: business },
    { label: 'Templates', to: '/templates', icon: Icons.Templates, roles: business },
    { label: 'Wallet', to: '/wallet', icon: Icons.Wallet, roles: business },
    { label: 'Notifications', to: '/notifications', icon: Icons.Bell, roles: everyone },
    { label: 'Support', to: '/support', icon: Icons.Support, roles: business },
    { label: 'Settings', to: '/settings', icon: Icons.Settings, roles: everyone },
  ],
};
