import { z } from 'zod';
import { envelopeRoutes } from '../../../platform/http/envelope-routes.js';
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
  const route = envelopeRoutes(app, tags);

  const service = new SegmentsService(deps);

  route.get('/segments', {
    config: { ...config, permission: 'contacts:read' },
    summary: 'Saved segments, newest first',
    querystring: listSegmentsQuery,
    data: segmentPageSchema,
    message: 'Segments fetched',
    handle: (req) => service.list(req.auth, req.query),
  });

  route.post('/segments', {
    config: { ...config, permission: 'contacts:write', idempotent: true },
    summary: 'Save a filter of contacts as a segment',
    body: createSegmentBody,
    data: segmentSchema,
    code: 201,
    message: 'Segment created',
    handle: (req) => service.create(req.auth, req.body),
  });

  route.post('/segments/preview', {
    config: { ...config, permission: 'contacts:read' },
    summary: 'Count the contacts an unsaved filter matches now',
    body: previewSegmentBody,
    data: segmentCountSchema,
    message: 'Segment counted',
    handle: (req) => service.preview(req.auth, req.body.filter),
  });

  route.get('/segments/:id', {
    config: { ...config, permission: 'contacts:read' },
    summary: 'One segment',
    params: idParams,
    data: segmentSchema,
    message: 'Segment fetched',
    handle: (req) => service.get(req.auth, req.params.id),
  });

  route.get('/segments/:id/count', {
    config: { ...config, permission: 'contacts:read' },
    summary: 'Count the contacts a segment matches now',
    params: idParams,
    data: segmentCountSchema,
    message: 'Segment counted',
    handle: (req) => service.count(req.auth, req.params.id),
  });

  route.patch('/segments/:id', {
    config: { ...config, permission: 'contacts:write' },
    summary: 'Rename a segment or change its filter',
    params: idParams,
    body: updateSegmentBody,
    data: segmentSchema,
    message: 'Segment updated',
    handle: (req) => service.update(req.auth, req.params.id, req.body),
  });

  route.delete('/segments/:id', {
    config: { ...config, permission: 'contacts:write' },
    summary: 'Delete a segment',
    params: idParams,
    data: z.null(),
    message: 'Segment deleted',
    handle: async (req) => {
      await service.remove(req.auth, req.params.id);
      return null;
    },
  });
};
