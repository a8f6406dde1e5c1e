import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { idParams } from '../../platform/http/id-params.js';
import { businessProfileSchema } from '../business/index.js';
import type { ModulePlugin } from '../module-plugin.js';
import { uploadFileSchema } from '../uploads/index.js';
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
  const route = envelopeRoutes(app, tags);

  const service = new AdminBusinessesService(deps);
  const config = { apiObject: 'business', auth: 'admin' as const };

  route.get('/admin/businesses', {
    config,
    summary: 'Businesses, by search and verification state',
    querystring: listBusinessesQuery,
    data: adminBusinessListSchema,
    message: 'Businesses fetched',
    handle: (req) => service.list(req.query),
  });

  route.get('/admin/businesses/:id', {
    config,
    summary: 'A business with its account, wallet, plan, campaign and contact counts',
    params: idParams,
    data: adminBusinessDetailSchema,
    message: 'Business fetched',
    handle: (req) => service.detail(req.params.id),
  });

  route.get('/admin/businesses/:id/files', {
    config,
    summary: "The business's uploaded files (verification documents among them), newest first",
    params: idParams,
    data: z.array(uploadFileSchema),
    message: 'Files fetched',
    handle: (req) => service.files(req.params.id),
  });

  app.patch(
    '/admin/businesses/:id/verify',
    {
      config,
      schema: {
        tags,
        summary: 'Accept or reject a business',
        description:
          "Creates a notification for the business and pushes `businessVerificationDecided` (`{ businessId, status, reason, decidedAt }`) to every administrator's room, so other consoles working the queue see the decision.",
        params: idParams,
        body: verifyBusinessBody,
        response: profile,
      },
    },
    async (req, reply) => {
      const business = await service.verify(req.auth, req.params.id, req.body);
      return sendSuccess(reply, business, `Business ${business.businessVerified}`);
    },
  );

  app.delete(
    '/admin/businesses/:id/waba-number',
    {
      config,
      schema: {
        tags,
        summary: 'Release the business’s WhatsApp number (recorded; the business is notified)',
        params: idParams,
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.releaseWabaNumber(req.auth, req.params.id),
        'WhatsApp number released',
      ),
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
        await service.promoteAffiliate(req.auth, req.params.id, req.body),
        'Business promoted to affiliate',
      ),
  );
};
