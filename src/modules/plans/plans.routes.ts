import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
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
  const service = new PlansService(deps);
  const user = { apiObject: 'plan' };
  const admin = { apiObject: 'plan', auth: 'admin' as const };

  app.get(
    '/plans',
    {
      config: { ...user, permission: 'wallet:read' },
      schema: {
        tags,
        summary:
          'Active plans, with prices in the local currency of the business when its country has a rate',
        querystring: listPlansQuery,
        response: { 200: successSchema(pageSchema(pricedPlanSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.listActive(req.auth, req.query), 'Plans fetched'),
  );

  app.get(
    '/plans/my-plan',
    {
      config: { apiObject: 'userPlan', permission: 'wallet:read' },
      schema: {
        tags,
        summary: 'The active plan of the business, or null',
        response: { 200: successSchema(userPlanSchema.nullable()) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.myPlan(req.auth), 'Active plan fetched'),
  );

  app.get(
    '/plans/admin/all',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every plan, inactive ones included',
        response: { 200: successSchema(z.array(planSchema)) },
      },
    },
    async (_req, reply) => sendSuccess(reply, await service.listAll(), 'Plans fetched'),
  );

  app.post(
    '/plans/admin',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Create a plan',
        body: createPlanBody,
        response: { 201: successSchema(planSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.create(req.body), 'Plan created', 201),
  );

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

  app.get(
    '/plans/:id',
    {
      config: { ...user, permission: 'wallet:read' },
      schema: {
        tags,
        summary: 'One plan',
        params: idParams,
        response: { 200: successSchema(pricedPlanSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.get(req.auth, req.params.id), 'Plan fetched'),
  );
};
