import { z } from 'zod';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { idParams } from '../../platform/http/id-params.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  createTemplateBody,
  listTemplatesQuery,
  syncResultSchema,
  templatePageSchema,
  templateSchema,
} from './templates.schemas.js';
import { TemplatesService } from './templates.service.js';

const tags = ['templates'];

/** `/templates`: the caller's business's message templates; verified businesses only. */
export const templatesRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new TemplatesService(deps);
  const config = { apiObject: 'template', auth: ['verifiedEmail', 'verifiedBusiness'] as const };

  route.get('/templates', {
    config: { ...config, auth: [...config.auth], permission: 'templates:read' },
    summary: "The business's message templates, newest first (filter by status, category, language)",
    querystring: listTemplatesQuery,
    data: templatePageSchema,
    message: 'Templates fetched',
    handle: (req) => service.list(req.auth, req.query),
  });

  route.post('/templates', {
    config: { ...config, auth: [...config.auth], permission: 'templates:write', idempotent: true },
    summary:
      'Create a template (a Cloud API business submits it for approval; a gateway business declares it approved)',
    description:
      "Components in the Cloud API's format. Checked as the provider would (name, lengths, variables {{1}}..{{n}} without gaps, or with `parameter_format: NAMED` names such as {{first_name}}, with an example each; button kinds and counts; copy-code buttons; an authentication template's preset body and one OTP button): 400 naming the field. For a Cloud API business the template is submitted with `POST {base}/{waba-id}/message_templates` and starts `PENDING`.",
    body: createTemplateBody,
    data: templateSchema,
    code: 201,
    message: 'Template created',
    handle: (req) => service.create(req.auth, req.body),
  });

  route.post('/templates/sync', {
    config: { ...config, auth: [...config.auth], permission: 'templates:write' },
    summary: "Copy the Cloud API account's templates here (upsert by name and language)",
    data: syncResultSchema,
    message: 'Templates synchronised',
    handle: (req) => service.sync(req.auth),
  });

  route.get('/templates/:id', {
    config: { ...config, auth: [...config.auth], permission: 'templates:read' },
    summary: 'One template',
    params: idParams,
    data: templateSchema,
    message: 'Template fetched',
    handle: (req) => service.get(req.auth, req.params.id),
  });

  route.delete('/templates/:id', {
    config: { ...config, auth: [...config.auth], permission: 'templates:write' },
    summary: 'Delete a template (at the Cloud API too)',
    params: idParams,
    data: z.null(),
    message: 'Template deleted',
    handle: (req) => service.remove(req.auth, req.params.id),
  });
};
