import { z } from 'zod';
import { sendSuccess, successSchema } from '../../../platform/http/envelope.js';
import { idParams } from '../../../platform/http/id-params.js';
import type { ModulePlugin } from '../../module-plugin.js';
import {
  createSegmentBody,
  listSegmentsQuery,
  previewSegmentBody,
  segmentCountSchema,
  segmentPageSchema,
  segmentSchema,
  updateSegmentBody,
} from './segments.schemas.js';
import { SegmentsService } from './segments.service.js';

const tags = ['segments'];
const config = { apiObject: 'segment' };

export const segmentsRoutes: ModulePlugin = async (app, deps) => {
  const service = new SegmentsService(deps);

  app.get(
    '/segments',
    {
      config: { ...config, permission: 'contacts:read' },
      schema: {
        tags,
        summary: 'Saved segments, newest first',
        querystring: listSegmentsQuery,
        response: { 200: successSchema(segmentPageSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.auth, req.query), 'Segments fetched'),
  );

  app.post(
    '/segments',
    {
      config: { ...config, permission: 'contacts:write', idempotent: true },
      schema: {
        tags,
        summary: 'Save a filter of contacts as a segment',
        body: createSegmentBody,
        response: { 201: successSchema(segmentSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.create(req.auth, req.body), 'Segment created', 201),
  );

  app.post(
    '/segments/preview',
    {
      config: { ...config, permission: 'contacts:read' },
      schema: {
        tags,
        summary: 'Count the contacts an unsaved filter matches now',
        body: previewSegmentBody,
        response: { 200: successSchema(segmentCountSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.preview(req.auth, req.body.filter), 'Segment counted'),
  );

  app.get(
    '/segments/:id',
    {
      config: { ...config, permission: 'contacts:read' },
      schema: {
        tags,
        summary: 'One segment',
        params: idParams,
        response: { 200: successSchema(segmentSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.get(req.auth, req.params.id), 'Segment fetched'),
  );

  app.get(
    '/segments/:id/count',
    {
      config: { ...config, permission: 'contacts:read' },
      schema: {
        tags,
        summary: 'Count the contacts a segment matches now',
        params: idParams,
        response: { 200: successSchema(segmentCountSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.count(req.auth, req.params.id), 'Segment counted'),
  );

  app.patch(
    '/segments/:id',
    {
      config: { ...config, permission: 'contacts:write' },
      schema: {
        tags,
        summary: 'Rename a segment or change its filter',
        params: idParams,
        body: updateSegmentBody,
        response: { 200: successSchema(segmentSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.update(req.auth, req.params.id, req.body), 'Segment updated'),
  );

  app.delete(
    '/segments/:id',
    {
      config: { ...config, permission: 'contacts:write' },
      schema: {
        tags,
        summary: 'Delete a segment',
        params: idParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (req, reply) => {
      await service.remove(req.auth, req.params.id);
      return sendSuccess(reply, null, 'Segment deleted');
    },
  );
};
