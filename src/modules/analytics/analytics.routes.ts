import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { ForbiddenError } from '../../platform/http/errors.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  adminOverviewSchema,
  overviewQuery,
  overviewSchema,
  revenueSchema,
  spendSchema,
} from './analytics.schemas.js';
import { AnalyticsService } from './analytics.service.js';
import { overviewRange } from './overview-range.js';
import { businessSpend, platformRevenue } from './spend.js';

const description =
  'Per day in `timeZone` (default UTC), `from`..`to` included (default: the last 30 days), at most 366 days: messages sent, delivered, read and failed; opt-ins and opt-outs; credits spent. With totals and the five campaigns sent out in the window with the best read rate (read / delivered).';

export const analyticsRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, ['analytics']);

  const service = new AnalyticsService(deps);

  route.get('/analytics/overview', {
    config: { apiObject: 'analytics', permission: 'reports:read' },
    summary: "The business's activity per day, totals and best campaigns",
    description,
    querystring: overviewQuery,
    data: overviewSchema,
    message: 'Analytics overview fetched',
    handle: (req) => service.overview(req.auth, req.query),
  });

  app.get(
    '/admin/analytics/overview',
    {
      config: { apiObject: 'analytics', auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The same overview across every business, with new businesses and credits sold per day',
        description,
        querystring: overviewQuery,
        response: { 200: successSchema(adminOverviewSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.adminOverview(req.query), 'Analytics overview fetched'),
  );

  route.get('/analytics/spend', {
    config: { apiObject: 'analytics', permission: 'reports:read' },
    summary: 'What the business paid in credits, by recipient country and category',
    description:
      'Campaign messages and replies paid by credits and not refunded, queued from `from` to `to` (days in `timeZone`, default the last 30).',
    querystring: overviewQuery,
    data: spendSchema,
    message: 'Spend fetched',
    handle: (req) => {
      if (!req.auth.businessId) throw new ForbiddenError('This account has no business profile');
      const range = overviewRange(req.query, req.auth.businessId);
      return businessSpend(deps.db, range);
    },
  });

  app.get(
    '/admin/analytics/revenue',
    {
      config: { apiObject: 'analytics', auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Revenue by recipient country and category, and the margin against the provider's recorded cost",
        description:
          "Credits paid for campaign messages and replies (not refunded) of every business in the window; cost is the rate card's provider price now, per message.",
        querystring: overviewQuery,
        response: { 200: successSchema(revenueSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await platformRevenue(deps.db, overviewRange(req.query, null)), 'Revenue fetched'),
  );
};
