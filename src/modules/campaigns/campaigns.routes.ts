import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import type { ModulePlugin } from '../module-plugin.js';
import { registerCampaignControls } from './campaign-controls.routes.js';
import {
  campaignDetailSchema,
  campaignMessagePageSchema,
  campaignPageSchema,
  campaignParams,
  campaignReportSchema,
  campaignSchema,
  campaignStatsSchema,
  chooseWinnerBody,
  createCampaignBody,
  estimateBody,
  estimateSchema,
  exportMessagesQuery,
  listCampaignsQuery,
  listMessagesQuery,
  publishCampaignBody,
  qrCodeSchema,
  updateCampaignBody,
  variantsReportSchema,
} from './campaigns.schemas.js';
import { CampaignsService } from './campaigns.service.js';

const tags = ['campaigns'];
const config = { apiObject: 'campaign' };

export const campaignsRoutes: ModulePlugin = async (app, deps) => {
  const service = new CampaignsService(deps);

  app.get(
    '/campaigns',
    {
      config: { ...config, permission: 'campaigns:read' },
      schema: {
        tags,
        summary: "The business's campaigns, newest first; `search` matches name and description",
        querystring: listCampaignsQuery,
        response: { 200: successSchema(campaignPageSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.auth, req.query), 'Campaigns fetched'),
  );

  app.post(
    '/campaigns',
    {
      config: { ...config, permission: 'campaigns:write', idempotent: true },
      schema: {
        tags,
        summary: 'Create a draft, or create and publish it when `paymentMethod` is given',
        body: createCampaignBody,
        response: { 201: successSchema(campaignSchema) },
      },
    },
    async (req, reply) => {
      const campaign = await service.create(req.auth, req.body);
      return sendSuccess(
        reply,
        campaign,
        campaign.isPublished ? 'Campaign published' : 'Campaign saved as draft',
        201,
      );
    },
  );

  app.post(
    '/campaigns/estimate',
    {
      config: { apiObject: 'campaignEstimate', permission: 'campaigns:write' },
      schema: {
        tags,
        summary: 'Recipients and price of an audience before publishing, and whether the balance covers it',
        description:
          'Recipients are opted-in contacts: all of them with `sendToAllContact`, else those among `selectedContactId` together with those carrying `tags` (any of them, or all with `tagMatch: all`). Nothing is reserved: the publish recounts and bills.',
        body: estimateBody,
        response: { 200: successSchema(estimateSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.estimate(req.auth, req.body ?? {}), 'Campaign estimated'),
  );

  app.get(
    '/campaigns/stats',
    {
      config: { ...config, permission: 'reports:read' },
      schema: {
        tags,
        summary: 'Counts: total, draft, scheduled, pending (being delivered), sent (delivery finished)',
        response: { 200: successSchema(campaignStatsSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.stats(req.auth), 'Campaign stats fetched'),
  );

  app.get(
    '/campaigns/qr-code',
    {
      config: { apiObject: 'qrCode', auth: 'verifiedBusiness', permission: 'campaigns:read' },
      schema: {
        tags,
        summary: "Deep link to chat with the business's messaging number, and its QR code (PNG data URL)",
        response: { 200: successSchema(qrCodeSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.qrCode(req.auth), 'QR code generated'),
  );

  app.get(
    '/campaigns/:id',
    {
      config: { ...config, permission: 'campaigns:read' },
      schema: {
        tags,
        summary: 'One campaign with its delivery counts',
        params: campaignParams,
        response: { 200: successSchema(campaignDetailSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.get(req.auth, req.params.id), 'Campaign fetched'),
  );

  app.get(
    '/campaigns/:id/report',
    {
      config: { apiObject: 'campaignReport', permission: 'reports:read' },
      schema: {
        tags,
        summary: 'Results: counts per state, funnel and rates, failure reasons, opt-outs, cost, timeline',
        params: campaignParams,
        response: { 200: successSchema(campaignReportSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.report(req.auth, req.params.id), 'Campaign report fetched'),
  );

  app.get(
    '/campaigns/:id/messages',
    {
      config: { apiObject: 'campaignMessage', permission: 'reports:read' },
      schema: {
        tags,
        summary:
          "Each recipient's outcome with its timestamps (filter by `status`, `search` by phone or name), with the failure reason",
        params: campaignParams,
        querystring: listMessagesQuery,
        response: { 200: successSchema(campaignMessagePageSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.messages(req.auth, req.params.id, req.query),
        'Campaign messages fetched',
      ),
  );

  app.get(
    '/campaigns/:id/messages/export',
    {
      config: { apiObject: 'campaignMessage', permission: 'reports:read' },
      schema: {
        tags,
        summary:
          'Download the messages as CSV or XLSX (firstName, lastName, phoneNumber, status, sentAt, deliveredAt, readAt, failedAt, errorCode, failureReason)',
        description:
          'Same filters as the list (`status`, `search`), in no promised order (as stored, for speed); X-Record-Count gives the number of rows. 429 while too many exports and imports run.',
        params: campaignParams,
        querystring: exportMessagesQuery,
      },
    },
    async (req, reply) => {
      const file = await service.exportMessages(req.auth, req.params.id, req.query);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('X-Record-Count', String(file.count))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );

  app.patch(
    '/campaigns/:id',
    {
      config: { ...config, permission: 'campaigns:write' },
      schema: {
        tags,
        summary: 'Edit a draft (400 once published or sent)',
        params: campaignParams,
        body: updateCampaignBody,
        response: { 200: successSchema(campaignSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.update(req.auth, req.params.id, req.body ?? {}), 'Campaign updated'),
  );

  app.delete(
    '/campaigns/:id',
    {
      config: { ...config, permission: 'campaigns:write' },
      schema: {
        tags,
        summary: 'Delete a campaign (400 while published and waiting for its scheduled time)',
        params: campaignParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (req, reply) => {
      await service.remove(req.auth, req.params.id);
      return sendSuccess(reply, null, 'Campaign deleted');
    },
  );

  app.post(
    '/campaigns/:id/publish',
    {
      config: {
        ...config,
        auth: ['verifiedEmail', 'verifiedBusiness'],
        permission: 'campaigns:publish',
        idempotent: true,
      },
      schema: {
        tags,
        summary: 'Bill and publish a draft: sent at once, or at `scheduledAt` when scheduled',
        params: campaignParams,
        body: publishCampaignBody,
        response: { 200: successSchema(campaignSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.publish(req.auth, req.params.id, req.body.paymentMethod),
        'Campaign published',
      ),
  );

  app.post(
    '/campaigns/:id/cancel',
    {
      config: { ...config, permission: 'campaigns:write' },
      schema: {
        tags,
        summary:
          'Cancel a campaign waiting for its scheduled time: its cost is refunded and it becomes a draft again ' +
          '(400 when it is a draft or already sent out)',
        params: campaignParams,
        response: { 200: successSchema(campaignSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.cancel(req.auth, req.params.id), 'Campaign cancelled and refunded'),
  );

  app.get(
    '/campaigns/:id/variants',
    {
      config: { apiObject: 'campaignVariants', permission: 'reports:read' },
      schema: {
        tags,
        summary: "An A/B campaign's variants side by side: each one's funnel, rates and cost, and the winner",
        params: campaignParams,
        response: { 200: successSchema(variantsReportSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.variants(req.auth, req.params.id), 'Campaign variants fetched'),
  );

  app.post(
    '/campaigns/:id/winner',
    {
      config: {
        apiObject: 'campaignVariants',
        auth: ['verifiedEmail', 'verifiedBusiness'],
        permission: 'campaigns:publish',
      },
      schema: {
        tags,
        summary: "Choose an A/B test's winner by hand: the rest of the audience gets it now",
        params: campaignParams,
        body: chooseWinnerBody,
        response: { 200: successSchema(variantsReportSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.chooseWinner(req.auth, req.params.id, req.body.variant),
        'Winner chosen: the rest of the audience gets it now',
      ),
  );
  registerCampaignControls(app, service);
};
