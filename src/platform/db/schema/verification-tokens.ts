import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.js';

/** One OTP record per e-mail: sending a new code replaces the old one (upsert on email). */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: id(),
    email: text('email').notNull().unique(),
    /** HMAC of the 6-digit code; the code itself is never stored. */
    codeHash: text('code_hash').notNull(),
    /**
     * Wrong guesses against the address since `windowStartedAt`, from every client: past a few an hour no
     * typed code is accepted until the window ends. A new code does not reset it.
     */
    attempts: integer('attempts').notNull().default(0),
    /**
     * Codes sent to this address since `windowStartedAt`: at most a few an hour, which bounds the mails
     * anyone can make it receive (per-client counts live in the rate limiter).
     */
    codesSent: integer('codes_sent').notNull().default(1),
    windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
    /**
     * SHA-256 of the single-use token of the newest mail's link (256 random bits: unguessable, so a plain
     * hash suffices and a wrong token counts nowhere). Using it ends the record, code included.
     */
    linkHash: text('link_hash'),
    /** What the link does: `verify` (e-mail verification) or `reset` (password reset). */
    linkPurpose: text('link_purpose', { enum: ['verify', 'reset'] }),
    /** The code's expiry when both were mailed together; a link-only mail's own 10 minutes. */
    linkExpiresAt: timestamptz('link_expires_at'),
    /**
     * Link-only mails sent in the window, once the address's codes are spent: a link cannot be guessed,
     * so it may still go out, up to its own cap (the mails an address can be made to receive stay bounded).
     */
    linksSent: integer('links_sent').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // `POST /auth/verify-code` may carry only the code: the record is then found by its keyed hash.
  // A link names its record by its token's hash.
  (t) => [
    index('verification_tokens_code_hash_idx').on(t.codeHash),
    uniqueIndex('verification_tokens_link_hash_idx').on(t.linkHash),
  ],
);
