import { z } from 'zod';
import { envelopeRoutes } from '../../../platform/http/envelope-routes.js';
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
  const route = envelopeRoutes(app, tags);

  const service = new FieldDefinitionsService(deps);

  route.get('/contact-fields', {
    config: { ...config, permission: 'contacts:read' },
    summary: "The business's own contact fields, oldest first",
    data: fieldListSchema,
    message: 'Contact fields fetched',
    handle: (req) => service.list(req.auth),
  });

  route.post('/contact-fields', {
    config: { ...config, permission: 'contact-fields:manage' },
    summary: 'Define a contact field (at most 50)',
    body: createFieldBody,
    data: fieldSchema,
    code: 201,
    message: 'Contact field created',
    handle: (req) => service.create(req.auth, req.body),
  });

  route.patch('/contact-fields/:id', {
    config: { ...config, permission: 'contact-fields:manage' },
    summary: "Rename a field or change a choice field's choices (key and type never change)",
    params: idParams,
    body: updateFieldBody,
    data: fieldSchema,
    message: 'Contact field updated',
    handle: (req) => service.update(req.auth, req.params.id, req.body),
  });

  route.delete('/contact-fields/:id', {
    config: { ...config, permission: 'contact-fields:manage' },
    summary: "Delete a field and every contact's value of it",
    params: idParams,
    data: z.null(),
    message: 'Contact field deleted',
    handle: async (req) => {
      await service.remove(req.auth, req.params.id);
      return null;
    },
  });
};
