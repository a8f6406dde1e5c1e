import { z } from 'zod';
import { sendSuccess, successSchema } from '../../platform/http/envelope.js';
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
  const service = new MembersService(deps);

  app.get(
    '/members',
    {
      config: { ...member, permission: 'members:read' },
      schema: {
        tags,
        summary: "The business's members, the owner first",
        response: { 200: successSchema(z.array(memberSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.list(req.auth), 'Members fetched'),
  );

  app.get(
    '/members/seats',
    {
      config: { apiObject: 'seats', permission: 'members:read' },
      schema: {
        tags,
        summary: 'How many members the business may have, how many it has and pending invitations hold',
        response: { 200: successSchema(seatsSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.seats(req.auth), 'Seats fetched'),
  );

  app.put(
    '/members/me/availability',
    {
      config: { ...member, permission: 'inbox:reply' },
      schema: {
        tags,
        summary: 'Marks the caller available for automatic assignment of conversations, or away',
        body: availabilityBody,
        response: { 200: successSchema(memberSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.setAvailability(req.auth, req.body.availability),
        'Availability saved',
      ),
  );

  app.patch(
    '/members/:id',
    {
      config: { ...member, permission: 'members:manage' },
      schema: {
        tags,
        summary: "Change a member's role (not the owner's: hand over ownership instead)",
        params: idParams,
        body: changeRoleBody,
        response: { 200: successSchema(memberSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.changeRole(req.auth, req.params.id, req.body.role), 'Role changed'),
  );

  app.delete(
    '/members/:id',
    {
      config: { ...member, permission: 'members:manage' },
      schema: {
        tags,
        summary: 'Remove a member: its sessions acting for the business end at once (not the owner)',
        params: idParams,
        response: { 200: successSchema(z.null()) },
      },
    },
    async (req, reply) => {
      await service.remove(req.auth, req.params.id);
      return sendSuccess(reply, null, 'Member removed');
    },
  );

  app.post(
    '/members/transfer-ownership',
    {
      config: { ...member, permission: 'business:transfer' },
      schema: {
        tags,
        summary:
          "Hand the business over to another member, with the owner's password; the owner becomes admin",
        body: transferBody,
        response: { 200: successSchema(z.array(memberSchema)) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.transferOwnership(req.auth, req.body.accountId, req.body.password),
        'Ownership handed over',
      ),
  );

  app.get(
    '/members/invitations',
    {
      config: { ...invitation, permission: 'members:manage' },
      schema: {
        tags,
        summary: "The business's invitations, newest first, with their status",
        response: { 200: successSchema(z.array(invitationSchema)) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.invitations(req.auth), 'Invitations fetched'),
  );

  app.post(
    '/members/invitations',
    {
      config: { ...invitation, permission: 'members:manage' },
      schema: {
        tags,
        summary:
          'Invite a person by e-mail with a role: a single-use link valid 7 days (a seat is held meanwhile)',
        body: inviteBody,
        response: { 201: successSchema(invitationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.invite(req.auth, req.body.email, req.body.role),
        'Invitation sent',
        201,
      ),
  );

  app.post(
    '/members/invitations/:id/resend',
    {
      config: { ...invitation, permission: 'members:manage' },
      schema: {
        tags,
        summary: 'Send a pending invitation again: a new link, valid 7 days; the old link stops working',
        params: idParams,
        response: { 200: successSchema(invitationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.resend(req.auth, req.params.id), 'Invitation sent again'),
  );

  app.delete(
    '/members/invitations/:id',
    {
      config: { ...invitation, permission: 'members:manage' },
      schema: {
        tags,
        summary: 'Revoke a pending invitation: its link stops working and its seat is free',
        params: idParams,
        response: { 200: successSchema(invitationSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(reply, await service.revoke(req.auth, req.params.id), 'Invitation revoked'),
  );

  app.post(
    '/invitations/lookup',
    {
      config: { ...invitation, auth: 'public' },
      schema: {
        tags,
        summary:
          "What an invitation's link offers: the business, the role, and whether the address has an account",
        body: lookupBody,
        response: { 200: successSchema(invitationPreviewSchema) },
      },
    },
    async (req, reply) => sendSuccess(reply, await service.lookup(req.body.token), 'Invitation fetched'),
  );

  app.post(
    '/invitations/accept',
    {
      config: { ...invitation, auth: 'public' },
      schema: {
        tags,
        summary:
          'Accept an invitation: a new person with a name and password, or an existing account with its password',
        description:
          'Answers like sign-in (and sets the cookie): a session acting for the business joined. The link works once.',
        body: acceptBody,
        response: { 200: successSchema(acceptResponse) },
      },
    },
    async (req, reply) => {
      const session = await service.accept(req.body);
      setAuthCookie(reply, deps.config, session.accessToken);
      return sendSuccess(reply, session, 'Invitation accepted');
    },
  );

  app.patch(
    '/admin/businesses/:id/seats',
    {
      config: { apiObject: 'seats', auth: 'admin' },
      schema: {
        tags,
        summary: 'Set how many members a business may have (null: the default)',
        params: idParams,
        body: seatLimitBody,
        response: { 200: successSchema(seatLimitSchema) },
      },
    },
    async (req, reply) =>
      sendSuccess(
        reply,
        await service.setSeats(req.auth, req.params.id, req.body.seatLimit),
        'Seat limit set',
      ),
  );
};
