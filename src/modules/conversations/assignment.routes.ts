import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
import { idParams } from '../../platform/http/id-params.js';
import type { ModulePlugin } from '../module-plugin.js';
import { AssignmentService } from './assignment.service.js';
import {
  assigneeBody,
  assignmentSettingsBody,
  assignmentSettingsSchema,
  conversationSchema,
} from './conversations.schemas.js';

const tags = ['conversations'];
const config = { apiObject: 'conversation' };

/** Who answers a conversation: assigning, taking, releasing, and the business's automatic assignment. */
export const assignmentRoutes: ModulePlugin = async (app, deps) => {
  const service = new AssignmentService(deps);

  app.put(
    '/conversations/:id/assignee',
    {
      config: { ...config, permission: 'inbox:assign' },
      schema: {
        tags,
        summary: 'Assigns the conversation to a member who may reply, moves it, or unassigns it (`null`)',
        description:
          'A member of another business, or one whose role lacks `inbox:reply`, is a 422 naming `assigneeId`.',
        params: idParams,
        body: assigneeBody,
        response: { 200: successSchema(conversationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.assign(req.auth, req.params.id, req.body.assigneeId),
        'Conversation assigned',
      ),
  );

  app.post(
    '/conversations/:id/take',
    {
      config: { ...config, permission: 'inbox:reply', personOnly: true },
      schema: {
        tags,
        summary:
          'Takes an unassigned conversation (the caller becomes its assignee; already its own: no change)',
        description: 'Assigned to another member: 409.',
        params: idParams,
        response: { 200: successSchema(conversationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.take(req.auth, req.params.id), 'Conversation taken'),
  );

  app.post(
    '/conversations/:id/release',
    {
      config: { ...config, permission: 'inbox:reply', personOnly: true },
      schema: {
        tags,
        summary: 'Leaves the conversation unassigned: its assignee, or a member holding `inbox:assign`',
        description: 'Another member, not holding it: 409.',
        params: idParams,
        response: { 200: successSchema(conversationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.release(req.auth, req.params.id), 'Conversation released'),
  );

  app.get(
    '/inbox/assignment',
    {
      config: { apiObject: 'assignmentSettings', permission: 'inbox:read' },
      schema: {
        tags,
        summary: "The business's automatic assignment of conversations (default `off`)",
        response: { 200: successSchema(assignmentSettingsSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.settings(req.auth), 'Assignment settings fetched'),
  );

  app.put(
    '/inbox/assignment',
    {
      config: { apiObject: 'assignmentSettings', permission: 'settings:manage' },
      schema: {
        tags,
        summary: 'Sets automatic assignment: `{ mode, capacity }`',
        body: assignmentSettingsBody,
        response: { 200: successSchema(assignmentSettingsSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.saveSettings(req.auth, req.body), 'Assignment settings saved'),
  );
};
