import { z } from 'zod';
import { API_KEY_SCOPES } from '../../platform/auth/api-key-scopes.js';

const scopeSchema = z.enum(API_KEY_SCOPES as unknown as [string, ...string[]]);

/** A key as listed: never its secret nor its hash. */
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(scopeSchema),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.uuid(),
  revokedAt: z.string().nullable(),
  /** Until when the secret a rotation replaced is still accepted; null when none is. */
  previousValidUntil: z.string().nullable(),
});

/** A key just created or rotated, with the whole key: shown this once, never again. */
export const issuedKeySchema = apiKeySchema.extend({ key: z.string() });

export const createKeyBody = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(scopeSchema).min(1).max(API_KEY_SCOPES.length),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});

export const rotateKeyBody = z.object({
  /** How long the old secret stays valid next to the new one; 0 ends it at once. */
  overlapHours: z.number().int().min(0).max(168).default(24),
});
