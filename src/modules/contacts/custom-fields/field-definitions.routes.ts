import { z } from 'zod';
import { sendSuccess, successSchema } from '../../../platform/http/envelope.js';
import { idParams } from '../../../platform/http/id-params.js';
import type { ModulePlugin } from '../../module-plugin.js';
import {
  createFieldBody,
  fieldListSchema,
  fieldSchema,
  updateFieldBody,
} from './field-definitions.schemas.js';
import { FieldDefinitionsService } from './field-definitions.service.js';

const tags = ['contact-fields'];
const config = { apiObject: 'contactField' };

export const fieldDefinitionsRoutes: ModulePlugin = async (app, deps) => {
  const service = new FieldDefinitionsService(deps);

  app.get(
    '/contact-fields',
    {
      // Reading the definitions is what every contact reader needs to show values and build filters.
      config: { ...config, permission: 'contacts:read' },
      schema: {
        tags,
        summary: "The business's own contact fields, oldest first",
        response: { 200: successSchema(fieldListSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.auth), 'Contact fields fetched'),
  );

  app.post(
    '/contact-fields',
    {
      config: { ...config, permission: 'contact-fields:manage' },
      schema: {
        tags,
        summary: 'Define a contact field (at most 50)',
        body: createFieldBody,
        response: { 201: successSchema(fieldSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.create(req.auth, req.body), 'Contact field created', 201),
  );

  app.patch(
    '/contact-fields/:id',
    {
      config: { ...config, permission: 'contact-fields:manage' },
      schema: {
        tags,
        summary: "Rename a field or change a choice field's choices (key and type never change)",
        params: idParams,
        body: updateFieldBody,
        response: { 200: successSchema(fieldSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.update(req.auth, req.params.id, req.body), 'Contact field updated'),
  );

  app.delete(
    '/contact-fields/:id',
    {
      config: { ...config, permission: 'contact-fields:manage' },
      schema: {
        tags,
        summary: "Delete a field and every contact's value of it",
        params: idParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (req, reply) => {
      await service.remove(req.auth, req.params.id);
      return sendSuccess(reply, null, 'Contact field deleted');
    },
  );
};
