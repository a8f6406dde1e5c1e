import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import type { ZodApp } from '../platform/http/types.js';
import { adminAccountsRoutes } from './admin/admin-accounts.routes.js';
import { adminBusinessesRoutes } from './admin/admin-businesses.routes.js';
import { adminTransactionsRoutes } from './admin/admin-transactions.routes.js';
import { affiliateRoutes } from './affiliate/affiliate.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { businessRoutes } from './business/business.routes.js';
import { campaignsRoutes } from './campaigns/campaigns.routes.js';
import { contactsRoutes } from './contacts/contacts.routes.js';
import { exchangeRatesRoutes } from './exchange-rates/exchange-rates.routes.js';
import type { ModulePlugin } from './module-plugin.js';
import { notificationsRoutes } from './notifications/notifications.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { plansRoutes } from './plans/plans.routes.js';
import { templatesRoutes } from './templates/templates.routes.js';
import { ticketsRoutes } from './tickets/tickets.routes.js';
import { uploadsRoutes } from './uploads/uploads.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { cloudWebhookRoutes } from './webhooks/cloud.routes.js';
import { messagingWebhookRoutes } from './webhooks/messaging.routes.js';
import { paymentWebhookRoutes } from './webhooks/payment.routes.js';

// One line per module. Order does not matter: each registers its own paths.
const modules: ModulePlugin[] = [
  adminAccountsRoutes,
  adminBusinessesRoutes,
  adminTransactionsRoutes,
  affiliateRoutes,
  analyticsRoutes,
  authRoutes,
  businessRoutes,
  campaignsRoutes,
  contactsRoutes,
  exchangeRatesRoutes,
  notificationsRoutes,
  paymentsRoutes,
  plansRoutes,
  templatesRoutes,
  ticketsRoutes,
  uploadsRoutes,
  usersRoutes,
  messagingWebhookRoutes,
  cloudWebhookRoutes,
  paymentWebhookRoutes,
];

export function registerModules(deps: AppDeps) {
  return async (app: ZodApp) => {
    for (const mod of modules)
      await app.register(async (scope) => mod(scope.withTypeProvider<ZodTypeProvider>(), deps));
  };
}
