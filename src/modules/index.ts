import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.js';
import type { ZodApp } from '../platform/http/types.js';
import { adminAccountsRoutes, adminBusinessesRoutes, adminTransactionsRoutes } from './admin/index.js';
import { affiliateRoutes } from './affiliate/index.js';
import { analyticsRoutes } from './analytics/index.js';
import { apiKeysRoutes } from './api-keys/index.js';
import { auditRoutes } from './audit/index.js';
import { authRoutes } from './auth/index.js';
import { automationRoutes } from './automation/index.js';
import { businessRoutes } from './business/index.js';
import { campaignsRoutes } from './campaigns/index.js';
import { contactsRoutes, fieldDefinitionsRoutes, segmentsRoutes } from './contacts/index.js';
import { conversationsRoutes } from './conversations/index.js';
import { deliverabilityRoutes } from './deliverability/index.js';
import { exchangeRatesRoutes } from './exchange-rates/index.js';
import { membersRoutes } from './members/index.js';
import type { ModulePlugin } from './module-plugin.js';
import { notificationsRoutes } from './notifications/index.js';
import { paymentsRoutes } from './payments/index.js';
import { plansRoutes } from './plans/index.js';
import { pricingRoutes } from './pricing/index.js';
import { templatesRoutes } from './templates/index.js';
import { ticketsRoutes } from './tickets/index.js';
import { uploadsRoutes } from './uploads/index.js';
import { usersRoutes } from './users/index.js';
import { webhookEndpointsRoutes } from './webhook-endpoints/index.js';
import { cloudWebhookRoutes, messagingWebhookRoutes, paymentWebhookRoutes } from './webhooks/index.js';

// One line per module. Order does not matter: each registers its own paths.
const modules: ModulePlugin[] = [
  adminAccountsRoutes,
  adminBusinessesRoutes,
  adminTransactionsRoutes,
  affiliateRoutes,
  analyticsRoutes,
  apiKeysRoutes,
  auditRoutes,
  authRoutes,
  automationRoutes,
  businessRoutes,
  campaignsRoutes,
  contactsRoutes,
  fieldDefinitionsRoutes,
  segmentsRoutes,
  conversationsRoutes,
  deliverabilityRoutes,
  exchangeRatesRoutes,
  membersRoutes,
  notificationsRoutes,
  paymentsRoutes,
  plansRoutes,
  pricingRoutes,
  templatesRoutes,
  ticketsRoutes,
  uploadsRoutes,
  usersRoutes,
  webhookEndpointsRoutes,
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
