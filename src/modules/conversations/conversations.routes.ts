import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
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
  const route = envelopeRoutes(app, tags);

  const service = new ConversationsService(deps);
  const config = { apiObject: 'conversation' };

  route.get('/conversations', {
    config: { ...config, permission: 'inbox:read' },
    summary: 'Conversations, latest activity first; filters: unread, status, tag, search, assignee',
    querystring: conversationsQuery,
    data: pageSchema(conversationSchema),
    message: 'Conversations fetched',
    handle: (req) => service.list(req.auth, req.query),
  });

  route.get('/conversations/unread', {
    config: { ...config, permission: 'inbox:read' },
    summary: 'How many conversations have unread messages (the menu badge)',
    data: unreadSchema,
    message: 'Unread conversations counted',
    handle: (req) => service.unread(req.auth),
  });

  route.get('/conversations/:id', {
    config: { ...config, permission: 'inbox:read' },
    summary: 'One conversation',
    params: idParams,
    data: conversationSchema,
    message: 'Conversation fetched',
    handle: (req) => service.get(req.auth, req.params.id),
  });

  route.get('/conversations/:id/messages', {
    config: { apiObject: 'conversationMessage', permission: 'inbox:read' },
    summary: "A conversation's messages, newest first (the contact's, the replies, campaign messages)",
    params: idParams,
    querystring: pageQuery,
    data: pageSchema(conversationMessageSchema),
    message: 'Messages fetched',
    handle: (req) => service.messages(req.auth, req.params.id, req.query),
  });

  route.post('/conversations/:id/messages', {
    config: {
      apiObject: 'conversationMessage',
      auth: ['verifiedEmail', 'verifiedBusiness'],
      permission: 'inbox:reply',
      idempotent: true,
    },
    summary: 'Reply: `{ text }`, `{ mediaKey, caption }` or `{ templateId, templateParameters }`',
    description:
      "Queued and billed at once (one ledger entry: the service rate inside the customer-service window, the template's category rate outside it), then sent by the dispatcher like a campaign message. Free text and media only within 24 hours of the contact's last message (else 400 naming the field); outside it an APPROVED template, and only to an opted-in contact.",
    params: idParams,
    body: replyBody,
    data: conversationMessageSchema,
    code: 201,
    message: 'Reply queued',
    handle: (req) => service.reply(req.auth, req.params.id, req.body),
  });

  route.post('/conversations/:id/read', {
    config: { ...config, permission: 'inbox:update' },
    summary: 'Marks the conversation read (its unread count back to 0)',
    params: idParams,
    data: conversationSchema,
    message: 'Conversation marked read',
    handle: (req) => service.read(req.auth, req.params.id),
  });

  route.patch('/conversations/:id', {
    config: { ...config, permission: 'inbox:update' },
    summary: 'Opens or closes a conversation (a closed one opens again when the contact writes)',
    params: idParams,
    body: statusBody,
    data: conversationSchema,
    message: 'Conversation updated',
    handle: (req) => service.setStatus(req.auth, req.params.id, req.body.status),
  });

  await assignmentRoutes(app, deps);
};
