import { z } from 'zod';
import { MEMBER_ROLES } from '../../platform/auth/permissions.js';
import { MEMBER_AVAILABILITIES } from '../../platform/db/schema/index.js';
import { emailSchema, passwordSchema, userSchema } from '../auth/index.js';

/** The roles a member can be given; `owner` only by handing over ownership. */
export const assignableRoleSchema = z.enum(
  MEMBER_ROLES.filter((r) => r !== 'owner') as ['admin', 'marketer', 'agent', 'viewer'],
);

export const memberSchema = z.object({
  accountId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  availability: z
    .enum(MEMBER_AVAILABILITIES)
    .describe('`away`: automatic assignment gives it no conversation (those it holds stay)'),
  openConversations: z.number().int().describe('the open conversations assigned to it'),
  joinedAt: z.string(),
});

export const availabilityBody = z.object({ availability: z.enum(MEMBER_AVAILABILITIES) }).strict();

export const seatsSchema = z.object({
  limit: z.number().int(),
  members: z.number().int(),
  pendingInvitations: z.number().int(),
  left: z.number().int(),
});

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: assignableRoleSchema,
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const changeRoleBody = z.object({ role: assignableRoleSchema });
export const transferBody = z.object({ accountId: z.uuid(), password: z.string().min(1).max(256) });
export const inviteBody = z.object({ email: emailSchema, role: assignableRoleSchema });

/** The link's token: 32 random bytes, base64url. */
const tokenSchema = z.string().min(20).max(100);
export const lookupBody = z.object({ token: tokenSchema });
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: assignableRoleSchema,
  companyName: z.string().nullable(),
  expiresAt: z.string(),
  /** An account with this address exists: the page asks for its password instead of a name and a new one. */
  accountExists: z.boolean(),
});
export const acceptBody = z.object({
  token: tokenSchema,
  /** Required for a new person; ignored for an existing account. */
  name: z.string().trim().min(1).max(100).optional(),
  password: passwordSchema,
});
export const acceptResponse = z.object({
  user: userSchema,
  accessToken: z.string(),
  refreshToken: z.string(),
});

export const seatLimitBody = z.object({ seatLimit: z.number().int().min(1).max(10_000).nullable() });
export const seatLimitSchema = z.object({ businessId: z.uuid(), seatLimit: z.number().int() });
