import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
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
  const route = envelopeRoutes(app, tags);

  const service = new TicketsService(deps);
  const config = { apiObject: 'ticket' };
  const admin = { ...config, auth: 'admin' as const };

  route.get('/tickets', {
    config: { ...config, permission: 'support:use' },
    summary: 'The caller’s tickets with their comments, newest first',
    querystring: pageQuery,
    data: pageSchema(ticketSchema),
    message: 'Tickets fetched',
    handle: (req) => service.listOwn(req.auth, req.query),
  });

  route.post('/tickets', {
    config: { ...config, permission: 'support:use' },
    summary: 'Open a support ticket',
    body: createTicketBody,
    data: ticketSchema,
    code: 201,
    message: 'Ticket created',
    handle: (req) => service.create(req.auth, req.body),
  });

  route.get('/tickets/admin', {
    config: admin,
    summary: 'Every business’s tickets, by status and search (question, company, e-mail)',
    querystring: adminListQuery,
    data: pageSchema(adminTicketSchema),
    message: 'Tickets fetched',
    handle: (req) => service.listAll(req.query),
  });

  route.patch('/tickets/admin/:id/status', {
    config: admin,
    summary: 'Set a ticket’s status (any move) and optionally its priority; the owner is notified',
    params: ticketParams,
    body: statusBody,
    data: ticketSchema,
    message: 'Ticket status updated',
    handle: (req) => service.setStatus(req.params.id, req.body),
  });

  route.get('/tickets/:id', {
    config: { ...config, permission: 'support:use' },
    summary: 'One ticket with its comments (the owner’s, or any for an admin)',
    params: ticketParams,
    data: ticketSchema,
    message: 'Ticket fetched',
    handle: (req) => service.get(req.auth, req.params.id),
  });

  route.post('/tickets/:id/comments', {
    config: { apiObject: 'ticketComment', permission: 'support:use' },
    summary: 'Comment on a ticket (its owner, or an admin)',
    params: ticketParams,
    body: commentBody,
    data: commentSchema,
    code: 201,
    message: 'Comment added',
    handle: (req) => service.comment(req.auth, req.params.id, req.body.content),
  });
};
