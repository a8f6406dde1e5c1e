import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import type { ModulePlugin } from '../module-plugin.js';
import { campaignParams, campaignSchema, MESSAGE_TYPES } from './campaigns.schemas.js';
import type { CampaignsService } from './campaigns.service.js';

const tags = ['campaigns'];
const config = { apiObject: 'campaign' };

const retryEstimateSchema = z.object({
  messages: z.number().int().describe('Messages given up after a temporary or deferred failure'),
  messageType: z
    .enum(MESSAGE_TYPES)
    .describe("What a retry is priced as: the category of the campaign's templates now"),
  rate: z.number(),
  credits: z.number().describe('What the retry would charge: messages x rate'),
  paymentMethod: z.enum(['credit', 'plan']).nullable(),
});

const retryResultSchema = z.object({
  campaign: campaignSchema,
  messages: z.number().int().describe('Messages queued again (0 when nothing was left to retry)'),
  credits: z.number().describe('What this retry charged'),
});

/** Pause, resume and retry of a campaign being (or having been) delivered. */
export function registerCampaignControls(app: Parameters<ModulePlugin>[0], service: CampaignsService): void {
  app.post(
    '/campaigns/:id/pause',
    {
      config: { ...config, permission: 'campaigns:write' },
      schema: {
        tags,
        summary: 'Pause a campaign being delivered: its queued messages wait (400 when not being delivered)',
        params: campaignParams,
        response: { 200: successSchema(campaignSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.pause(req.auth, req.params.id), 'Campaign paused'),
  );

  app.post(
    '/campaigns/:id/resume',
    {
      // Resuming sends messages: what publish and retry need.
      config: { ...config, auth: ['verifiedEmail', 'verifiedBusiness'], permission: 'campaigns:publish' },
      schema: {
        tags,
        summary:
          'Resume a paused campaign (paused by the business or by a quality drop; 400 when not paused; ' +
          "409 for a marketing campaign while the number's quality is RED or FLAGGED)",
        params: campaignParams,
        response: { 200: successSchema(campaignSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.resume(req.auth, req.params.id), 'Campaign resumed'),
  );

  app.post(
    '/admin/campaigns/:id/resume',
    {
      config: { ...config, auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Resume any business's paused campaign whatever its number's quality (the override of resume's 409)",
        params: campaignParams,
        response: { 200: successSchema(campaignSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.resumeAsAdmin(req.params.id), 'Campaign resumed by an administrator'),
  );

  app.get(
    '/campaigns/:id/retry',
    {
      config: { ...config, permission: 'campaigns:read' },
      schema: {
        tags,
        summary: 'What a retry would send again and charge now',
        params: campaignParams,
        response: { 200: successSchema(retryEstimateSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.retryEstimate(req.auth, req.params.id), 'Retry estimated'),
  );

  app.post(
    '/campaigns/:id/retry',
    {
      config: {
        ...config,
        auth: ['verifiedEmail', 'verifiedBusiness'],
        permission: 'campaigns:publish',
        idempotent: true,
      },
      schema: {
        tags,
        summary:
          'Send again the messages whose failure was temporary or deferred and which were given up (refunded), ' +
          'charging them anew; idempotent (a second call finds nothing to retry and charges nothing)',
        params: campaignParams,
        response: { 200: successSchema(retryResultSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.retry(req.auth, req.params.id), 'Campaign retried'),
  );
}
