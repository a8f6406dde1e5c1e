import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
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
  const route = envelopeRoutes(app, tags);

  const service = new AssignmentService(deps);

  route.put('/conversations/:id/assignee', {
    config: { ...config, permission: 'inbox:assign' },
    summary: 'Assigns the conversation to a member who may reply, moves it, or unassigns it (`null`)',
    description:
      'A member of another business, or one whose role lacks `inbox:reply`, is a 422 naming `assigneeId`.',
    params: idParams,
    body: assigneeBody,
    data: conversationSchema,
    message: 'Conversation assigned',
    handle: (req) => service.assign(req.auth, req.params.id, req.body.assigneeId),
  });

  route.post('/conversations/:id/take', {
    config: { ...config, permission: 'inbox:reply', personOnly: true },
    summary: 'Takes an unassigned conversation (the caller becomes its assignee; already its own: no change)',
    description: 'Assigned to another member: 409.',
    params: idParams,
    data: conversationSchema,
    message: 'Conversation taken',
    handle: (req) => service.take(req.auth, req.params.id),
  });

  route.post('/conversations/:id/release', {
    config: { ...config, permission: 'inbox:reply', personOnly: true },
    summary: 'Leaves the conversation unassigned: its assignee, or a member holding `inbox:assign`',
    description: 'Another member, not holding it: 409.',
    params: idParams,
    data: conversationSchema,
    message: 'Conversation released',
    handle: (req) => service.release(req.auth, req.params.id),
  });

  route.get('/inbox/assignment', {
    config: { apiObject: 'assignmentSettings', permission: 'inbox:read' },
    summary: "The business's automatic assignment of conversations (default `off`)",
    data: assignmentSettingsSchema,
    message: 'Assignment settings fetched',
    handle: (req) => service.settings(req.auth),
  });

  route.put('/inbox/assignment', {
    config: { apiObject: 'assignmentSettings', permission: 'settings:manage' },
    summary: 'Sets automatic assignment: `{ mode, capacity }`',
    body: assignmentSettingsBody,
    data: assignmentSettingsSchema,
    message: 'Assignment settings saved',
    handle: (req) => service.saveSettings(req.auth, req.body),
  });
};
