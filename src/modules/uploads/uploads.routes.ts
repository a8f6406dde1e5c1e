import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
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
  const service = new UploadsService(deps);
  const config = { apiObject: 'upload' };

  app.post(
    '/upload/presigned-url',
    {
      config: { ...config, permission: 'uploads:write' },
      schema: {
        tags,
        summary: 'A short-lived URL to PUT one file to (send the returned Content-Type header, no auth)',
        body: presignBody,
        response: { 200: successSchema(presignedSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.presign(req.auth, req.body), 'Upload URL created'),
  );

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

  app.get(
    '/upload',
    {
      config: { ...config, permission: 'uploads:read' },
      schema: {
        tags,
        summary: 'The business’s files, newest first',
        response: { 200: successSchema(z.array(uploadFileSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.auth), 'Files fetched'),
  );

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
