import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { pageQuery, pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  adminListQuery,
  adminTicketSchema,
  commentBody,
  commentSchema,
  createTicketBody,
  statusBody,
  ticketParams,
  ticketSchema,
} from './tickets.schemas.js';
import { TicketsService } from './tickets.service.js';

const tags = ['tickets'];

export const ticketsRoutes: ModulePlugin = async (app, deps) => {
  const service = new TicketsService(deps);
  const config = { apiObject: 'ticket' };
  const admin = { ...config, auth: 'admin' as const };

  app.get(
    '/tickets',
    {
      config: { ...config, permission: 'support:use' },
      schema: {
        tags,
        summary: 'The caller’s tickets with their comments, newest first',
        querystring: pageQuery,
        response: { 200: successSchema(pageSchema(ticketSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.listOwn(req.auth, req.query), 'Tickets fetched'),
  );

  app.post(
    '/tickets',
    {
      config: { ...config, permission: 'support:use' },
      schema: {
        tags,
        summary: 'Open a support ticket',
        body: createTicketBody,
        response: { 201: successSchema(ticketSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.create(req.auth, req.body), 'Ticket created', 201),
  );

  app.get(
    '/tickets/admin',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every business’s tickets, by status and search (question, company, e-mail)',
        querystring: adminListQuery,
        response: { 200: successSchema(pageSchema(adminTicketSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.listAll(req.query), 'Tickets fetched'),
  );

  app.patch(
    '/tickets/admin/:id/status',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set a ticket’s status (any move) and optionally its priority; the owner is notified',
        params: ticketParams,
        body: statusBody,
        response: { 200: successSchema(ticketSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.setStatus(req.params.id, req.body), 'Ticket status updated'),
  );

  app.get(
    '/tickets/:id',
    {
      config: { ...config, permission: 'support:use' },
      schema: {
        tags,
        summary: 'One ticket with its comments (the owner’s, or any for an admin)',
        params: ticketParams,
        response: { 200: successSchema(ticketSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.get(req.auth, req.params.id), 'Ticket fetched'),
  );

  app.post(
    '/tickets/:id/comments',
    {
      config: { apiObject: 'ticketComment', permission: 'support:use' },
      schema: {
        tags,
        summary: 'Comment on a ticket (its owner, or an admin)',
        params: ticketParams,
        body: commentBody,
        response: { 201: successSchema(commentSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.comment(req.auth, req.params.id, req.body.content),
        'Comment added',
        201,
      ),
  );
};
