import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
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
  const service = new TemplatesService(deps);
  const config = { apiObject: 'template', auth: ['verifiedEmail', 'verifiedBusiness'] as const };

  app.get(
    '/templates',
    {
      config: { ...config, auth: [...config.auth], permission: 'templates:read' },
      schema: {
        tags,
        summary: "The business's message templates, newest first (filter by status, category, language)",
        querystring: listTemplatesQuery,
        response: { 200: successSchema(templatePageSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.auth, req.query), 'Templates fetched'),
  );

  app.post(
    '/templates',
    {
      config: { ...config, auth: [...config.auth], permission: 'templates:write', idempotent: true },
      schema: {
        tags,
        summary:
          'Create a template (a Cloud API business submits it for approval; a gateway business declares it approved)',
        description:
          "Components in the Cloud API's format. Checked as the provider would (name, lengths, variables {{1}}..{{n}} without gaps, or with `parameter_format: NAMED` names such as {{first_name}}, with an example each; button kinds and counts; copy-code buttons; an authentication template's preset body and one OTP button): 400 naming the field. For a Cloud API business the template is submitted with `POST {base}/{waba-id}/message_templates` and starts `PENDING`.",
        body: createTemplateBody,
        response: { 201: successSchema(templateSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.create(req.auth, req.body), 'Template created', 201),
  );

  app.post(
    '/templates/sync',
    {
      config: { ...config, auth: [...config.auth], permission: 'templates:write' },
      schema: {
        tags,
        summary: "Copy the Cloud API account's templates here (upsert by name and language)",
        response: { 200: successSchema(syncResultSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.sync(req.auth), 'Templates synchronised'),
  );

  app.get(
    '/templates/:id',
    {
      config: { ...config, auth: [...config.auth], permission: 'templates:read' },
      schema: {
        tags,
        summary: 'One template',
        params: idParams,
        response: { 200: successSchema(templateSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.get(req.auth, req.params.id), 'Template fetched'),
  );

  app.delete(
    '/templates/:id',
    {
      config: { ...config, auth: [...config.auth], permission: 'templates:write' },
      schema: {
        tags,
        summary: 'Delete a template (at the Cloud API too)',
        params: idParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.remove(req.auth, req.params.id), 'Template deleted'),
  );
};
