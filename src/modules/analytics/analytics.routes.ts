import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import type { ModulePlugin } from '../module-plugin.js';
import { adminOverviewSchema, overviewQuery, overviewSchema } from './analytics.schemas.js';
import { AnalyticsService } from './analytics.service.js';

const description =
  'Per day in `timeZone` (default UTC), `from`..`to` included (default: the last 30 days), at most 366 days: messages sent, delivered, read and failed; opt-ins and opt-outs; credits spent. With totals and the five campaigns sent out in the window with the best read rate (read / delivered).';

export const analyticsRoutes: ModulePlugin = async (app, deps) => {
  const service = new AnalyticsService(deps);

  app.get(
    '/analytics/overview',
    {
      config: { apiObject: 'analytics', permission: 'reports:read' },
      schema: {
        tags: ['analytics'],
        summary: "The business's activity per day, totals and best campaigns",
        description,
        querystring: overviewQuery,
        response: { 200: successSchema(overviewSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.overview(req.auth, req.query), 'Analytics overview fetched'),
  );

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
};
