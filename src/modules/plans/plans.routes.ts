import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { idParams } from '../../platform/http/id-params.js';
import { pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  createPlanBody,
  listPlansQuery,
  planSchema,
  pricedPlanSchema,
  updatePlanBody,
  userPlanSchema,
} from './plans.schemas.js';
import { PlansService } from './plans.service.js';

const tags = ['plans'];
const onePlan = { 200: successSchema(planSchema) };

export const plansRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new PlansService(deps);
  const user = { apiObject: 'plan' };
  const admin = { apiObject: 'plan', auth: 'admin' as const };

  route.get('/plans', {
    config: { ...user, permission: 'wallet:read' },
    summary: 'Active plans, with prices in the local currency of the business when its country has a rate',
    querystring: listPlansQuery,
    data: pageSchema(pricedPlanSchema),
    message: 'Plans fetched',
    handle: (req) => service.listActive(req.auth, req.query),
  });

  route.get('/plans/my-plan', {
    config: { apiObject: 'userPlan', permission: 'wallet:read' },
    summary: 'The active plan of the business, or null',
    data: userPlanSchema.nullable(),
    message: 'Active plan fetched',
    handle: (req) => service.myPlan(req.auth),
  });

  route.get('/plans/admin/all', {
    config: admin,
    summary: 'Every plan, inactive ones included',
    data: z.array(planSchema),
    message: 'Plans fetched',
    handle: () => service.listAll(),
  });

  route.post('/plans/admin', {
    config: admin,
    summary: 'Create a plan',
    body: createPlanBody,
    data: planSchema,
    code: 201,
    message: 'Plan created',
    handle: (req) => service.create(req.body),
  });

  app.patch(
    '/plans/admin/:id',
    {
      config: admin,
      schema: { tags, summary: 'Update a plan', params: idParams, body: updatePlanBody, response: onePlan },
    },
    async (req, reply) => sendSuccess(reply, await service.update(req.params.id, req.body), 'Plan updated'),
  );

  app.post(
    '/plans/admin/:id/deactivate',
    {
      config: admin,
      schema: { tags, summary: 'Hide a plan from the public list', params: idParams, response: onePlan },
    },
    async (req, reply) => sendSuccess(reply, await service.deactivate(req.params.id), 'Plan deactivated'),
  );

  route.get('/plans/:id', {
    config: { ...user, permission: 'wallet:read' },
    summary: 'One plan',
    params: idParams,
    data: pricedPlanSchema,
    message: 'Plan fetched',
    handle: (req) => service.get(req.auth, req.params.id),
  });
};
