import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { idParams } from '../../platform/http/id-params.js';
import type { ModulePlugin } from '../module-plugin.js';
import { auditExportQuery, auditPageSchema, auditQuery } from './audit.schemas.js';
import { AuditService } from './audit.service.js';

const tags = ['audit'];
const config = { apiObject: 'auditEntry' };

/** The audit log (docs/api.md "Audit log"). */
export const auditRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new AuditService(deps);

  route.get('/audit-log', {
    config: { ...config, permission: 'audit:read' },
    summary: "The business's audit log, newest first; filter by member, action and dates",
    querystring: auditQuery,
    data: auditPageSchema,
    message: 'Audit log fetched',
    handle: (req) => service.list(req.auth, req.query),
  });

  app.get(
    '/audit-log/export',
    {
      config: { ...config, permission: 'audit:read' },
      schema: {
        tags,
        summary: 'The audit log as CSV (the same filters; at most 50,000 entries)',
        querystring: auditExportQuery,
      },
    },
    async (req, reply) => {
      const file = await service.exportCsv(req.auth, req.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="audit-log.csv"')
        .header('X-Record-Count', String(file.count))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );

  route.get('/admin/businesses/:id/audit-log', {
    config: { ...config, auth: 'admin' },
    summary: "A business's audit log, for platform administrators",
    params: idParams,
    querystring: auditQuery,
    data: auditPageSchema,
    message: 'Audit log fetched',
    handle: (req) => service.listFor(req.params.id, req.query),
  });
};
