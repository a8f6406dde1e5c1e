import { z } from 'zod';
import { errorSchema } from '../../platform/http/envelope.js';
import { envelopeRoutes } from '../../platform/http/envelope-routes.js';
import { idParams } from '../../platform/http/id-params.js';
import { setAuthCookie } from '../auth/index.js';
import type { ModulePlugin } from '../module-plugin.js';
import {
  acceptBody,
  acceptResponse,
  availabilityBody,
  changeRoleBody,
  invitationPreviewSchema,
  invitationSchema,
  inviteBody,
  lookupBody,
  memberSchema,
  seatLimitBody,
  seatLimitSchema,
  seatsSchema,
  transferBody,
} from './members.schemas.js';
import { MembersService } from './members.service.js';

const tags = ['members'];
const member = { apiObject: 'member' };
const invitation = { apiObject: 'invitation' };

/** Members, invitations and seats (docs/api.md "Members and invitations"). */
export const membersRoutes: ModulePlugin = async (app, deps) => {
  const route = envelopeRoutes(app, tags);

  const service = new MembersService(deps);

  route.get('/members', {
    config: { ...member, permission: 'members:read' },
    summary: "The business's members, the owner first",
    data: z.array(memberSchema),
    message: 'Members fetched',
    handle: (req) => service.list(req.auth),
  });

  route.get('/members/seats', {
    config: { apiObject: 'seats', permission: 'members:read' },
    summary: 'How many members the business may have, how many it has and pending invitations hold',
    data: seatsSchema,
    message: 'Seats fetched',
    handle: (req) => service.seats(req.auth),
  });

  route.put('/members/me/availability', {
    config: { ...member, permission: 'inbox:reply' },
    summary: 'Marks the caller available for automatic assignment of conversations, or away',
    body: availabilityBody,
    data: memberSchema,
    message: 'Availability saved',
    handle: (req) => service.setAvailability(req.auth, req.body.availability),
  });

  route.patch('/members/:id', {
    config: { ...member, permission: 'members:manage' },
    summary: "Change a member's role (not the owner's: hand over ownership instead)",
    params: idParams,
    body: changeRoleBody,
    data: memberSchema,
    message: 'Role changed',
    handle: (req) => service.changeRole(req.auth, req.params.id, req.body.role),
  });

  route.delete('/members/:id', {
    config: { ...member, permission: 'members:manage' },
    summary: 'Remove a member: its sessions acting for the business end at once (not the owner)',
    params: idParams,
    data: z.null(),
    message: 'Member removed',
    handle: async (req) => {
      await service.remove(req.auth, req.params.id);
      return null;
    },
  });

  route.post('/members/transfer-ownership', {
    config: { ...member, permission: 'business:transfer' },
    summary: "Hand the business over to another member, with the owner's password; the owner becomes admin",
    description:
      'The new owner also becomes the business\'s registering account (`businesses.account_id`). A member who owns another business cannot take it over: 409 (`reason: "owns-another-business"`).',
    body: transferBody,
    data: z.array(memberSchema),
    errors: { 409: errorSchema },
    message: 'Ownership handed over',
    handle: (req) => service.transferOwnership(req.auth, req.body.accountId, req.body.password),
  });

  route.get('/members/invitations', {
    config: { ...invitation, permission: 'members:manage' },
    summary: "The business's invitations, newest first, with their status",
    data: z.array(invitationSchema),
    message: 'Invitations fetched',
    handle: (req) => service.invitations(req.auth),
  });

  route.post('/members/invitations', {
    config: { ...invitation, permission: 'members:manage' },
    summary:
      'Invite a person by e-mail with a role: a single-use link valid 7 days (a seat is held meanwhile)',
    body: inviteBody,
    data: invitationSchema,
    code: 201,
    message: 'Invitation sent',
    handle: (req) => service.invite(req.auth, req.body.email, req.body.role),
  });

  route.post('/members/invitations/:id/resend', {
    config: { ...invitation, permission: 'members:manage' },
    summary: 'Send a pending invitation again: a new link, valid 7 days; the old link stops working',
    params: idParams,
    data: invitationSchema,
    message: 'Invitation sent again',
    handle: (req) => service.resend(req.auth, req.params.id),
  });

  route.delete('/members/invitations/:id', {
    config: { ...invitation, permission: 'members:manage' },
    summary: 'Revoke a pending invitation: its link stops working and its seat is free',
    params: idParams,
    data: invitationSchema,
    message: 'Invitation revoked',
    handle: (req) => service.revoke(req.auth, req.params.id),
  });

  route.post('/invitations/lookup', {
    config: { ...invitation, auth: 'public' },
    summary:
      "What an invitation's link offers: the business, the role, and whether the address has an account",
    body: lookupBody,
    data: invitationPreviewSchema,
    message: 'Invitation fetched',
    handle: (req) => service.lookup(req.body.token),
  });

  route.post('/invitations/accept', {
    config: { ...invitation, auth: 'public' },
    summary:
      'Accept an invitation: a new person with a name and password, an existing account with its password, or either with the identity provider',
    description:
      'Answers like sign-in (and sets the cookie): a session acting for the business joined. The link works once. Exactly one of `password` and `identityCode` (an identity-provider authorisation code whose verified e-mail is the invited address: 400 naming `identityCode` otherwise).',
    body: acceptBody,
    data: acceptResponse,
    message: 'Invitation accepted',
    handle: async (req, reply) => {
      const session = await service.accept(req.body);
      setAuthCookie(reply, deps.config, session.accessToken);
      return session;
    },
  });

  route.patch('/admin/businesses/:id/seats', {
    config: { apiObject: 'seats', auth: 'admin' },
    summary: 'Set how many members a business may have (null: the default)',
    params: idParams,
    body: seatLimitBody,
    data: seatLimitSchema,
    message: 'Seat limit set',
    handle: (req) => service.setSeats(req.auth, req.params.id, req.body.seatLimit),
  });
};
