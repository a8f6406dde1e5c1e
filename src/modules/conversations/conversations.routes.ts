import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { idParams } from '../../platform/http/id-params.js';
import { pageQuery, pageSchema } from '../../platform/http/pagination.js';
import type { ModulePlugin } from '../module-plugin.js';
import { assignmentRoutes } from './assignment.routes.js';
import {
  conversationMessageSchema,
  conversationSchema,
  conversationsQuery,
  replyBody,
  statusBody,
  unreadSchema,
} from './conversations.schemas.js';
import { ConversationsService } from './conversations.service.js';

const tags = ['conversations'];

/** The inbox: conversations with contacts, their messages, and the business's replies. */
export const conversationsRoutes: ModulePlugin = async (app, deps) => {
  const service = new ConversationsService(deps);
  const config = { apiObject: 'conversation' };

  app.get(
    '/conversations',
    {
      config: { ...config, permission: 'inbox:read' },
      schema: {
        tags,
        summary: 'Conversations, latest activity first; filters: unread, status, tag, search, assignee',
        querystring: conversationsQuery,
        response: { 200: successSchema(pageSchema(conversationSchema)) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.list(req.auth, req.query), 'Conversations fetched'),
  );

  app.get(
    '/conversations/unread',
    {
      config: { ...config, permission: 'inbox:read' },
      schema: {
        tags,
        summary: 'How many conversations have unread messages (the menu badge)',
        response: { 200: successSchema(unreadSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.unread(req.auth), 'Unread conversations counted'),
  );

  app.get(
    '/conversations/:id',
    {
      config: { ...config, permission: 'inbox:read' },
      schema: {
        tags,
        summary: 'One conversation',
        params: idParams,
        response: { 200: successSchema(conversationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.get(req.auth, req.params.id), 'Conversation fetched'),
  );

  app.get(
    '/conversations/:id/messages',
    {
      config: { apiObject: 'conversationMessage', permission: 'inbox:read' },
      schema: {
        tags,
        summary: "A conversation's messages, newest first (the contact's, the replies, campaign messages)",
        params: idParams,
        querystring: pageQuery,
        response: { 200: successSchema(pageSchema(conversationMessageSchema)) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.messages(req.auth, req.params.id, req.query), 'Messages fetched'),
  );

  app.post(
    '/conversations/:id/messages',
    {
      config: {
        apiObject: 'conversationMessage',
        auth: ['verifiedEmail', 'verifiedBusiness'],
        permission: 'inbox:reply',
        idempotent: true,
      },
      schema: {
        tags,
        summary: 'Reply: `{ text }`, `{ mediaKey, caption }` or `{ templateId, templateParameters }`',
        description:
          "Queued and billed at once (one ledger entry: the service rate inside the customer-service window, the template's category rate outside it), then sent by the dispatcher like a campaign message. Free text and media only within 24 hours of the contact's last message (else 400 naming the field); outside it an APPROVED template, and only to an opted-in contact.",
        params: idParams,
        body: replyBody,
        response: { 201: successSchema(conversationMessageSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.reply(req.auth, req.params.id, req.body), 'Reply queued', 201),
  );

  app.post(
    '/conversations/:id/read',
    {
      config: { ...config, permission: 'inbox:update' },
      schema: {
        tags,
        summary: 'Marks the conversation read (its unread count back to 0)',
        params: idParams,
        response: { 200: successSchema(conversationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.read(req.auth, req.params.id), 'Conversation marked read'),
  );

  app.patch(
    '/conversations/:id',
    {
      config: { ...config, permission: 'inbox:update' },
      schema: {
        tags,
        summary: 'Opens or closes a conversation (a closed one opens again when the contact writes)',
        params: idParams,
        body: statusBody,
        response: { 200: successSchema(conversationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.setStatus(req.auth, req.params.id, req.body.status),
        'Conversation updated',
      ),
  );

  await assignmentRoutes(app, deps);
};
