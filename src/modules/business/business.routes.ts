import { errorSchema, sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { messagingLimitStatusSchema } from '../messages/index.js';
import type { ModulePlugin } from '../module-plugin.js';
import { userPlanSchema } from '../plans/index.js';
import { walletSchema } from '../wallet/index.js';
import { type BusinessView, findPrincipalWithView } from './business.repository.js';
import {
  businessProfileSchema,
  chargingBody,
  providerCheckSchema,
  providerCredentialsBody,
  updateBusinessBody,
} from './business.schemas.js';
import { BusinessService } from './business.service.js';

const tags = ['business'];
const response = {
  200: successSchema(
    businessProfileSchema.extend({
      wallet: walletSchema.nullable(),
      userPlan: userPlanSchema.nullable(),
      messagingLimit: messagingLimitStatusSchema,
    }),
  ),
};

export const businessRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new BusinessService(deps);
  const apiObject = 'business';

  app.get(
    '/business',
    {
      // The caller and the profile in one statement: the console reads it on every screen.
      config: { apiObject, permission: 'business:read', readsWithPrincipal: findPrincipalWithView },
      schema: { tags, summary: 'The business profile with its wallet and active plan', response },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.profile(req.auth, req.preloaded as BusinessView | null | undefined),
        'Business fetched',
      ),
  );

  app.patch(
    '/business',
    {
      config: { apiObject, permission: 'business:write' },
      schema: {
        tags,
        summary: 'Update the profile (other fields are ignored)',
        body: updateBusinessBody,
        response,
      },
    },
    async (req, reply) => sendSuccess(reply, await service.update(req.auth, req.body), 'Business updated'),
  );

  app.put(
    '/business/charging',
    {
      config: { apiObject, permission: 'settings:manage' },
      schema: {
        tags,
        summary:
          'Charge campaigns paid by credits on delivery (held at publish) or at publish; applies to campaigns published after it',
        body: chargingBody,
        response,
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.setCharging(req.auth, req.body), 'Charging updated'),
  );

  app.post(
    '/business/verification',
    {
      config: { apiObject, auth: 'verifiedEmail', permission: 'business:write' },
      schema: { tags, summary: 'Submit the profile to the administrators for verification', response },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.submitVerification(req.auth), 'Business submitted for verification'),
  );

  app.post(
    '/business/referral-code',
    {
      config: { apiObject, auth: 'affiliate', permission: 'affiliate:manage' },
      schema: { tags, summary: 'Generate a new referral code (affiliates)', response },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.regenerateReferralCode(req.auth), 'Referral code regenerated'),
  );

  app.post(
    '/business/provider',
    {
      config: { apiObject, auth: ['verifiedEmail', 'verifiedBusiness'], permission: 'provider:manage' },
      schema: {
        tags,
        summary: 'Store the messaging-provider credentials (passwords encrypted, shown as true/false)',
        description:
          'For `provider: "whatsapp-cloud"`, checked with the Graph API first: the token opens the phone-number id, the WhatsApp Business Account lists it and shows it as `wabaNumber` (400 naming `providerHSMPassword`, `wabaProviderId`, `providerHSMID` or `wabaNumber`). A phone-number id another business is connected with is a 409 naming `providerHSMID`. Nothing is stored on a refusal.',
        body: providerCredentialsBody,
        response: { ...response, 409: errorSchema },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.saveProviderCredentials(req.auth, req.body),
        'Provider credentials saved',
      ),
  );

  route.post('/business/provider/check', {
    config: {
      apiObject: 'providerCheck',
      auth: ['verifiedEmail', 'verifiedBusiness'],
      permission: 'provider:manage',
    },
    summary: 'Check messaging-provider credentials with the provider, without storing them',
    description:
      'For `provider: "whatsapp-cloud"`, the checks `POST /business/provider` makes with the Graph API (the token opens the number, the account lists it, it shows as `wabaNumber`): 200 with the number the provider shows, or a 400 naming the field. The gateway has no such call: its credentials are checked for shape only (`checked: false`).',
    body: providerCredentialsBody,
    data: providerCheckSchema,
    message: 'Provider credentials checked',
    handle: (req) => service.checkProviderCredentials(req.auth, req.body),
  });
};
