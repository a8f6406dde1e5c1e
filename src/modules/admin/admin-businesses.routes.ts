import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { idParams } from '../../platform/http/id-params.js';
import { businessProfileSchema } from '../business/business.schemas.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  adminBusinessDetailSchema,
  adminBusinessListSchema,
  listBusinessesQuery,
  promoteAffiliateBody,
  verifyBusinessBody,
} from './admin.schemas.js';
import { AdminBusinessesService } from './admin-businesses.service.js';

const tags = ['admin'];
const profile = { 200: successSchema(businessProfileSchema) };

export const adminBusinessesRoutes: ModulePlugin = async (app, deps) => {
  const service = new AdminBusinessesService(deps);
  const config = { apiObject: 'business', auth: 'admin' as const };

  app.get(
    '/admin/businesses',
    {
      config,
      schema: {
        tags,
        summary: 'Businesses, by search and verification state',
        querystring: listBusinessesQuery,
        response: { 200: successSchema(adminBusinessListSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.query), 'Businesses fetched'),
  );

  app.get(
    '/admin/businesses/:id',
    {
      config,
      schema: {
        tags,
        summary: 'A business with its account, wallet, plan, campaign and contact counts',
        params: idParams,
        response: { 200: successSchema(adminBusinessDetailSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.detail(req.params.id), 'Business fetched'),
  );

  app.patch(
    '/admin/businesses/:id/verify',
    {
      config,
      schema: {
        tags,
        summary: 'Accept or reject a business',
        params: idParams,
        body: verifyBusinessBody,
        response: profile,
      },
    },
    async (req, reply) => {
      const business = await service.verify(req.params.id, req.body);
      return sendSuccess(reply, business, `Business ${business.businessVerified}`);
    },
  );

  app.post(
    '/admin/businesses/:id/promote-affiliate',
    {
      config,
      schema: {
        tags,
        summary: 'Make a business an affiliate with a commission percentage and a referral code',
        params: idParams,
        body: promoteAffiliateBody,
        response: profile,
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.promoteAffiliate(req.params.id, req.body),
        'Business promoted to affiliate',
      ),
  );
};
