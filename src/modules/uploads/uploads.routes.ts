import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  confirmBody,
  presignBody,
  presignedSchema,
  uploadFileSchema,
  uploadParams,
} from './uploads.schemas.js';
import { UploadsService } from './uploads.service.js';

const tags = ['uploads'];

export const uploadsRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new UploadsService(deps);
  const config = { apiObject: 'upload' };

  route.post('/upload/presigned-url', {
    config: { ...config, permission: 'uploads:write' },
    summary: 'A short-lived URL to PUT one file to (send the returned Content-Type header, no auth)',
    body: presignBody,
    data: presignedSchema,
    message: 'Upload URL created',
    handle: (req) => service.presign(req.auth, req.body),
  });

  app.post(
    '/upload/confirm',
    {
      config: { ...config, permission: 'uploads:write' },
      schema: {
        tags,
        summary: 'Record an uploaded file (201; 200 when it was already recorded)',
        body: confirmBody,
        response: { 201: successSchema(uploadFileSchema), 200: successSchema(uploadFileSchema) },
      },
    },
    async (req, reply) => {
      const { upload, created } = await service.confirm(req.auth, req.body);
      return created
        ? sendSuccess(reply, upload, 'File uploaded', 201)
        : sendSuccess(reply, upload, 'File already recorded');
    },
  );

  route.get('/upload', {
    config: { ...config, permission: 'uploads:read' },
    summary: 'The business’s files, newest first',
    data: z.array(uploadFileSchema),
    message: 'Files fetched',
    handle: (req) => service.list(req.auth),
  });

  app.delete(
    '/upload/:id',
    {
      config: { ...config, permission: 'uploads:write' },
      schema: { tags, summary: 'Delete a file from storage and from the list', params: uploadParams },
    },
    async (req, reply) => {
      await service.remove(req.auth, req.params.id);
      return sendSuccess(reply, null, 'File deleted');
    },
  );
};
