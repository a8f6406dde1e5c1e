import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { allow, defineArea } from '../app/area';
import { Icons } from '../app/icons';
import { appRoute } from '../app/layout-route';
import { bool, num, oneOf, pageSize, searchParams, str } from '../ui/search';
import { UnreadBadge } from './inbox/UnreadBadge';
import { TEMPLATE_CATEGORIES, TEMPLATE_STATUSES } from './templates/template-parts';

const businessOnly = allow('business');

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  component: lazyRouteComponent(() => import('./home/Home'), 'Home'),
});

const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/notifications',
  validateSearch: searchParams((s) => ({ page: num(s.page, 1) })),
  component: lazyRouteComponent(() => import('../notifications/NotificationsPage'), 'NotificationsPage'),
});

const contactsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/contacts',
  beforeLoad: businessOnly,
  validateSearch: searchParams((s) => ({
    page: num(s.page, 1),
    pageSize: pageSize(s.pageSize),
    search: str(s.search),
    tag: str(s.tag),
    optIn: bool(s.optIn),
  })),
  component: lazyRouteComponent(() => import('./contacts/ContactsPage'), 'ContactsPage'),
});

const campaignsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns',
  beforeLoad: businessOnly,
  validateSearch: searchParams((s) => ({
    page: num(s.page, 1),
    pageSize: pageSize(s.pageSize),
    search: str(s.search),
  })),
  component: lazyRouteComponent(() => import('./campaigns/CampaignsPage'), 'CampaignsPage'),
});

const newCampaignRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns/new',
  beforeLoad: businessOnly,
  // The Templates page's "Use in a campaign" link names the template to start from.
  // A campaign page's follow-up names the campaign and the outcome its audience is built from.
  validateSearch: searchParams((s) => ({
    template: str(s.template),
    fromCampaign: str(s.fromCampaign),
    outcome: str(s.outcome),
  })),
  component: lazyRouteComponent(() => import('./campaigns/Composer'), 'Composer'),
});

const campaignRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns/$id',
  beforeLoad: businessOnly,
  validateSearch: searchParams((s) => ({ state: str(s.state), page: num(s.page, 1) })),
  component: lazyRouteComponent(() => import('./campaigns/CampaignPage'), 'CampaignPage'),
});

const editCampaignRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns/$id/edit',
  beforeLoad: businessOnly,
  component: lazyRouteComponent(() => import('./campaigns/Composer'), 'Composer'),
});

const templatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/templates',
  beforeLoad: businessOnly,
  validateSearch: searchParams((s) => ({
    page: num(s.page, 1),
    pageSize: pageSize(s.pageSize),
    status: oneOf(s.status, TEMPLATE_STATUSES),
    category: oneOf(s.category, TEMPLATE_CATEGORIES),
    language: str(s.language),
  })),
  component: lazyRouteComponent(() => import('./templates/TemplatesPage'), 'TemplatesPage'),
});

const newTemplateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/templates/new',
  beforeLoad: businessOnly,
  component: lazyRouteComponent(() => import('./templates/NewTemplate'), 'NewTemplate'),
});

const inboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/inbox',
  beforeLoad: businessOnly,
  validateSearch: searchParams((s) => ({
    page: num(s.page, 1),
    id: str(s.id),
    filter: oneOf(s.filter, ['unread', 'open', 'closed'] as const),
    search: str(s.search),
    tag: str(s.tag),
  })),
  component: lazyRouteComponent(() => import('./inbox/InboxPage'), 'InboxPage'),
});

const walletRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/wallet',
  beforeLoad: businessOnly,
  validateSearch: searchParams((s) => ({ page: num(s.page, 1) })),
  component: lazyRouteComponent(() => import('./wallet/WalletPage'), 'WalletPage'),
});

const walletReturnRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/wallet/return',
  beforeLoad: businessOnly,
  validateSearch: searchParams((s) => ({ reference: str(s.reference) ?? str(s.trxref) })),
  component: lazyRouteComponent(() => import('./wallet/PaymentReturn'), 'PaymentReturn'),
});

const supportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/support',
  beforeLoad: businessOnly,
  validateSearch: searchParams((s) => ({ page: num(s.page, 1) })),
  component: lazyRouteComponent(() => import('./support/SupportPage'), 'SupportPage'),
});

const ticketRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/support/$id',
  beforeLoad: businessOnly,
  component: lazyRouteComponent(() => import('./support/TicketPage'), 'TicketPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  validateSearch: searchParams((s) => ({ tab: str(s.tab) })),
  component: lazyRouteComponent(() => import('./settings/SettingsPage'), 'SettingsPage'),
});

const business = ['business'] as const;
const everyone = ['business', 'admin', 'superadmin'] as const;

/** Everything a business does: home, inbox, contacts, campaigns, templates, wallet, support, settings. */
export const businessArea = defineArea({
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
    inboxRoute,
    walletRoute,
    walletReturnRoute,
    supportRoute,
    ticketRoute,
    settingsRoute,
  ],
  nav: [
    { label: 'Home', to: '/', icon: Icons.Home, roles: business },
    { label: 'Inbox', to: '/inbox', icon: Icons.Inbox, roles: business, badge: UnreadBadge },
    { label: 'Contacts', to: '/contacts', icon: Icons.Contacts, roles: business },
    { label: 'Campaigns', to: '/campaigns', icon: Icons.Campaigns, roles: business },
    { label: 'Templates', to: '/templates', icon: Icons.Templates, roles: business },
    { label: 'Wallet', to: '/wallet', icon: Icons.Wallet, roles: business },
    { label: 'Notifications', to: '/notifications', icon: Icons.Bell, roles: everyone },
    { label: 'Support', to: '/support', icon: Icons.Support, roles: business },
    { label: 'Settings', to: '/settings', icon: Icons.Settings, roles: everyone },
  ],
});
