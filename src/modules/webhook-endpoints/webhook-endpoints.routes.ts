import { z } from 'zod';
import { errorSchema, sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { idParams } from '../../platform/http/id-params.js';
import { pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  createEndpointBody,
  deliveriesQuery,
  deliveryParams,
  deliverySchema,
  endpointSchema,
  issuedEndpointSchema,
  updateEndpointBody,
} from './webhook-endpoints.schemas.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';

const tags = ['webhook-endpoints'];
const read = { apiObject: 'webhookEndpoint', permission: 'webhooks:read' } as const;
const manage = { apiObject: 'webhookEndpoint', permission: 'webhooks:manage' } as const;
/** A refused field (400, naming it), an id that names no endpoint of the business (404). */
const invalid = { 400: errorSchema };
const missing = { 400: errorSchema, 404: errorSchema };
/** The endpoint is switched off, or the delivery is still being tried. */
const conflict = { 409: errorSchema };

/** The business's outgoing webhook endpoints and their delivery log (docs/api.md "Outgoing webhooks"). */
export const webhookEndpointsRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new WebhookEndpointsService(deps);

  route.get('/webhook-endpoints', {
    config: read,
    summary: "The business's webhook endpoints, oldest first; never a secret",
    data: z.array(endpointSchema),
    message: 'Webhook endpoints fetched',
    handle: (req) => service.list(req.auth),
  });

  app.post(
    '/webhook-endpoints',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Register an https endpoint for some events; its signing secret is in this answer only',
        body: createEndpointBody,
        response: { 201: successSchema(issuedEndpointSchema), ...invalid },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.create(req.auth, req.body), 'Webhook endpoint created', 201),
  );

  app.get(
    '/webhook-endpoints/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One webhook endpoint',
        params: idParams,
        response: { 200: successSchema(endpointSchema), ...missing },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.get(req.auth, req.params.id), 'Webhook endpoint fetched'),
  );

  app.patch(
    '/webhook-endpoints/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change the URL, description or events, or switch the endpoint off or on',
        params: idParams,
        body: updateEndpointBody,
        response: { 200: successSchema(endpointSchema), ...missing },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.update(req.auth, req.params.id, req.body), 'Webhook endpoint updated'),
  );

  app.delete(
    '/webhook-endpoints/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete the endpoint and its delivery log',
        params: idParams,
        response: { 200: successSchema(endpointSchema), ...missing },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.remove(req.auth, req.params.id), 'Webhook endpoint deleted'),
  );

  app.post(
    '/webhook-endpoints/:id/rotate-secret',
    {
      config: manage,
      schema: {
        tags,
        summary: 'A new signing secret (shown once); the old one keeps signing too for 24 hours',
        description:
          'Another rotation within those 24 hours is a 409: it would drop the secret receivers may still check.',
        params: idParams,
        response: { 200: successSchema(issuedEndpointSchema), ...missing, ...conflict },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.rotateSecret(req.auth, req.params.id), 'Webhook secret rotated'),
  );

  app.post(
    '/webhook-endpoints/:id/test',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Queue a `webhook.test` event for this endpoint; answers its delivery',
        params: idParams,
        response: { 202: successSchema(deliverySchema), ...missing, ...conflict },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.sendTest(req.auth, req.params.id), 'Test event queued', 202),
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      config: read,
      schema: {
        tags,
        summary: "The endpoint's deliveries of the last 30 days, newest first; `status` filters",
        params: idParams,
        querystring: deliveriesQuery,
        response: { 200: successSchema(pageSchema(deliverySchema)), ...missing },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.deliveries(req.auth, req.params.id, req.query),
        'Webhook deliveries fetched',
      ),
  );

  app.post(
    '/webhook-endpoints/:id/deliveries/:deliveryId/replay',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Send a delivery again (same webhook-id and body): one attempt',
        params: deliveryParams,
        response: { 202: successSchema(deliverySchema), ...missing, ...conflict },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.replay(req.auth, req.params.id, req.params.deliveryId),
        'Webhook delivery queued again',
        202,
      ),
  );
};
