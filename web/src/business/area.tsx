import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { allowTo, defineArea } from '../app/area';
import { Icons } from '../app/icons';
import { appRoute, publicRoute } from '../app/layout-route';
import { bool, num, oneOf, pageSize, searchParams, str } from '../ui/search';
import { readFilter } from './contacts/filter-model';
import { UnreadBadge } from './inbox/UnreadBadge';
import { TEMPLATE_CATEGORIES, TEMPLATE_STATUSES } from './templates/template-parts';

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
  beforeLoad: allowTo('contacts:read'),
  validateSearch: searchParams((s) => ({
    page: num(s.page, 1),
    pageSize: pageSize(s.pageSize),
    search: str(s.search),
    tag: str(s.tag),
    optIn: bool(s.optIn),
    filter: readFilter(s.filter),
    /** The saved segment the filter was opened from: the builder can save its changes back to it. */
    segment: str(s.segment),
  })),
  component: lazyRouteComponent(() => import('./contacts/ContactsPage'), 'ContactsPage'),
});

const segmentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/segments',
  beforeLoad: allowTo('contacts:read'),
  component: lazyRouteComponent(() => import('./contacts/SegmentsPage'), 'SegmentsPage'),
});

const campaignsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns',
  beforeLoad: allowTo('campaigns:read'),
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
  beforeLoad: allowTo('campaigns:write'),
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
  beforeLoad: allowTo('campaigns:read'),
  validateSearch: searchParams((s) => ({ state: str(s.state), page: num(s.page, 1) })),
  component: lazyRouteComponent(() => import('./campaigns/CampaignPage'), 'CampaignPage'),
});

const editCampaignRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/campaigns/$id/edit',
  beforeLoad: allowTo('campaigns:write'),
  component: lazyRouteComponent(() => import('./campaigns/Composer'), 'Composer'),
});

const templatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/templates',
  beforeLoad: allowTo('templates:read'),
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
  beforeLoad: allowTo('templates:write'),
  component: lazyRouteComponent(() => import('./templates/NewTemplate'), 'NewTemplate'),
});

const inboxRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/inbox',
  beforeLoad: allowTo('inbox:read'),
  validateSearch: searchParams((s) => ({
    page: num(s.page, 1),
    id: str(s.id),
    filter: oneOf(s.filter, ['unread', 'open', 'closed'] as const),
    assignee: oneOf(s.assignee, ['me', 'unassigned'] as const),
    search: str(s.search),
    tag: str(s.tag),
  })),
  component: lazyRouteComponent(() => import('./inbox/InboxPage'), 'InboxPage'),
});

const automationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/automation',
  beforeLoad: allowTo('automation:read'),
  validateSearch: searchParams((s) => ({ page: num(s.page, 1) })),
  component: lazyRouteComponent(() => import('./automation/AutomationPage'), 'AutomationPage'),
});

const newRuleRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/automation/new',
  beforeLoad: allowTo('automation:manage'),
  component: lazyRouteComponent(() => import('./automation/RuleEditorPage'), 'RuleEditorPage'),
});

const editRuleRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/automation/$id/edit',
  beforeLoad: allowTo('automation:manage'),
  component: lazyRouteComponent(() => import('./automation/RuleEditorPage'), 'RuleEditorPage'),
});

const walletRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/wallet',
  beforeLoad: allowTo('wallet:read'),
  validateSearch: searchParams((s) => ({ page: num(s.page, 1) })),
  component: lazyRouteComponent(() => import('./wallet/WalletPage'), 'WalletPage'),
});

const walletReturnRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/wallet/return',
  beforeLoad: allowTo('wallet:read'),
  validateSearch: searchParams((s) => ({ reference: str(s.reference) ?? str(s.trxref) })),
  component: lazyRouteComponent(() => import('./wallet/PaymentReturn'), 'PaymentReturn'),
});

const supportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/support',
  beforeLoad: allowTo('support:use'),
  validateSearch: searchParams((s) => ({ page: num(s.page, 1) })),
  component: lazyRouteComponent(() => import('./support/SupportPage'), 'SupportPage'),
});

const ticketRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/support/$id',
  beforeLoad: allowTo('support:use'),
  component: lazyRouteComponent(() => import('./support/TicketPage'), 'TicketPage'),
});

const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  validateSearch: searchParams((s) => ({ tab: str(s.tab) })),
  component: lazyRouteComponent(() => import('./settings/SettingsPage'), 'SettingsPage'),
});

const auditLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/audit-log',
  beforeLoad: allowTo('audit:read'),
  validateSearch: searchParams((s) => ({
    page: num(s.page, 1),
    pageSize: pageSize(s.pageSize),
    actorId: str(s.actorId),
    action: str(s.action),
    from: str(s.from),
    to: str(s.to),
  })),
  component: lazyRouteComponent(() => import('./audit/AuditLogPage'), 'AuditLogPage'),
});

/** The link of an invitation mail: signed out (a new person) or in (an account joining one more business). */
const invitationRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: '/invitation',
  validateSearch: searchParams((s) => ({ token: str(s.token) })),
  component: lazyRouteComponent(() => import('./members/InvitationPage'), 'InvitationPage'),
});

const business = ['business'] as const;
const everyone = ['business', 'admin', 'superadmin'] as const;

/** Everything a business does: home, inbox, contacts, campaigns, templates, wallet, support, settings. */
export const businessArea = defineArea({
  routes: [
    homeRoute,
    notificationsRoute,
    contactsRoute,
    segmentsRoute,
    campaignsRoute,
    newCampaignRoute,
    campaignRoute,
    editCampaignRoute,
    templatesRoute,
    newTemplateRoute,
    inboxRoute,
    automationRoute,
    newRuleRoute,
    editRuleRoute,
    walletRoute,
    walletReturnRoute,
    supportRoute,
    ticketRoute,
    settingsRoute,
    auditLogRoute,
    invitationRoute,
  ],
  nav: [
    { label: 'Home', to: '/', icon: Icons.Home, roles: business, permission: 'campaigns:read' },
    {
      label: 'Inbox',
      to: '/inbox',
      icon: Icons.Inbox,
      roles: business,
      permission: 'inbox:read',
      badge: UnreadBadge,
    },
    {
      label: 'Contacts',
      to: '/contacts',
      icon: Icons.Contacts,
      roles: business,
      permission: 'contacts:read',
    },
    {
      label: 'Segments',
      to: '/segments',
      icon: Icons.Segments,
      roles: business,
      permission: 'contacts:read',
    },
    {
      label: 'Campaigns',
      to: '/campaigns',
      icon: Icons.Campaigns,
      roles: business,
      permission: 'campaigns:read',
    },
    {
      label: 'Templates',
      to: '/templates',
      icon: Icons.Templates,
      roles: business,
      permission: 'templates:write',
    },
    {
      label: 'Automation',
      to: '/automation',
      icon: Icons.Automation,
      roles: business,
      permission: 'automation:read',
    },
    { label: 'Wallet', to: '/wallet', icon: Icons.Wallet, roles: business, permission: 'wallet:read' },
    {
      label: 'Notifications',
      to: '/notifications',
      icon: Icons.Bell,
      roles: everyone,
      permission: 'notifications:read',
    },
    { label: 'Support', to: '/support', icon: Icons.Support, roles: business, permission: 'support:use' },
    { label: 'Audit log', to: '/audit-log', icon: Icons.Audit, roles: business, permission: 'audit:read' },
    { label: 'Settings', to: '/settings', icon: Icons.Settings, roles: everyone },
  ],
});
