import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';

/** One OTP record per e-mail: sending a new code replaces the old one (upsert on email). */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: id(),
    email: text('email').notNull().unique(),
    /** HMAC of the 6-digit code; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    /** Wrong guesses against the current code; a new code starts again at 0. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * Wrong guesses against this address across codes: a new code does not reset it (only a right guess
     * does), so asking for new codes buys no new guesses. Past the first code's worth, each wrong guess
     * blocks the address for longer (`blockedUntil`).
     */
    failures: integer('failures').notNull().default(0),
    blockedUntil: timestamptz('blocked_until'),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // `POST /auth/verify-code` may carry only the code: the record is then found by its keyed hash.
  (t) => [index('verification_tokens_code_hash_idx').on(t.codeHash)],
);
