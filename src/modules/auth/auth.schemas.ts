import { z } from 'zod';
import { MEMBER_ROLES, PERMISSIONS } from '../../platform/auth/permissions.js';
import { successSchema } from '../../platform/http/envelope.js';

/** Trimmed and lower-cased before the check: `A@x.com` and `a@x.com` are one address. */
export const emailSchema = z.string().trim().toLowerCase().email('Must be an e-mail address').max(254);

// argon2 hashes any length, but an unbounded password is a cheap way to burn CPU.
export const passwordSchema = z
  .string()
  .min(8, 'Must be at least 8 characters')
  .max(128, 'Must be at most 128 characters');

export const otpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Must be the 6-digit code from the e-mail');

export const signUpBody = z.object({
  name: z.string().trim().min(1).max(120),
  email: emailSchema,
  whatsappNumber: z.string().trim().min(1).max(32),
  password: passwordSchema.optional(),
  referralCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{10}$/, 'Must be a 10-letter referral code')
    .optional(),
});

// Sign-in checks presence only: the rules of a new password say nothing about an old one.
export const signInBody = z.object({
  email: z.string().trim().toLowerCase().min(1).max(254),
  password: z.string().min(1).max(1024),
});

// A missing token is a 401 like an invalid one (docs/api.md), so the schema lets it through to the service.
export const refreshTokenBody = z.object({ refreshToken: z.string().max(4096).optional() }).nullish();
export const emailBody = z.object({ email: emailSchema });
export const passwordBody = z.object({ password: passwordSchema });
/** The single-use token of a code's mail link (256 bits, base64url). */
export const linkTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Must be the token of the link in the e-mail')
  .describe('The token of the link in the e-mail: an alternative to the typed code, single use');

/**
 * The typed code (with the fields that go with it) or the link's token: one of the two. Without a token a
 * missing field is named as before the token existed.
 */
const codeOrToken = <T extends z.ZodRawShape>(shape: T, codeFields: string[]) =>
  z.object({ ...shape, token: linkTokenSchema.optional() }).superRefine((b: Record<string, unknown>, ctx) => {
    if (b.token === undefined) {
      for (const k of codeFields)
        if (b[k] === undefined) ctx.addIssue({ code: 'custom', path: [k], message: 'Required' });
    } else if (b.code !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['token'],
        message: 'Send the code or the link’s token, not both',
      });
  });

export const codeBody = codeOrToken({ code: otpCodeSchema.optional() }, ['code']);
export const verifyCodeBody = z.object({
  code: otpCodeSchema,
  /** Recommended: the record is then found by e-mail and a wrong code counts against it. */
  email: emailSchema.optional(),
});
export const resetPasswordBody = codeOrToken(
  {
    email: emailSchema.optional().describe('With `code`'),
    code: otpCodeSchema.optional().describe('With `email`; or send `token` instead'),
    password: passwordSchema,
  },
  ['email', 'code'],
);
export const changePasswordBody = z.object({
  password: z.string().min(1).max(1024),
  newPassword: passwordSchema,
});
export const identitySignInBody = z.object({ code: z.string().trim().min(1).max(4096) });

export const identityProviderSchema = z.object({
  enabled: z.boolean().describe('Whether identity-provider sign-in is configured'),
  name: z
    .string()
    .nullable()
    .describe('The provider\'s name for a "Continue with …" button; null when disabled'),
  authorizationUrl: z
    .string()
    .nullable()
    .describe(
      'Where to send the browser to start the flow, with `response_type=code`, `client_id`, `redirect_uri` and `scope`; the client adds its own `state` and checks it on return. Null when disabled',
    ),
});

export const userSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  whatsappNumber: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  verified: z.boolean(),
  hasPassword: z.boolean(),
  deleted: z.boolean(),
  deletedAt: z.string().nullable(),
  businessId: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const sessionResponse = successSchema(
  z.object({ user: userSchema, accessToken: z.string(), refreshToken: z.string() }),
);
export const emptyResponse = successSchema(z.null());

export const memberRoleSchema = z.enum(MEMBER_ROLES);

export const membershipSchema = z.object({
  businessId: z.uuid(),
  companyName: z.string().nullable(),
  role: memberRoleSchema,
  joinedAt: z.string(),
  /** The business this session acts for. */
  current: z.boolean(),
  /**
   * What the role may do there (ROLE_PERMISSIONS), so the console hides what the member cannot use without
   * keeping its own copy of the map. The API still checks every request.
   */
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Whether automatic assignment may give this member new conversations there (its own switch). */
  availability: z.enum(['available', 'away']),
});

export const switchBusinessBody = z.object({ businessId: z.uuid() });
