import { createHash, timingSafeEqual } from 'node:crypto';

/** Header a gateway that cannot put the token in the callback URL sends it in instead. */
export const WEBHOOK_TOKEN_HEADER = 'x-webhook-token';

/**
 * The gateway signs nothing, so a shared secret in the callback is what tells its calls from anyone's who
 * knows a business's (public) number. Without a secret configured every caller is accepted (the sandbox).
 * Digests of both sides are compared so the comparison takes the same time whatever the length given.
 */
export function webhookTokenAccepted(secret: string | undefined, given: unknown): boolean {
  if (!secret) return true;
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(given), digest(secret));
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The token a request carries: the header first, else the `token` query parameter. */
export function webhookTokenOf(headers: Record<string, unknown>, query: unknown): unknown {
  const header = headers[WEBHOOK_TOKEN_HEADER];
  if (header !== undefined) return header;
  return query && typeof query === 'object' ? (query as Record<string, unknown>).token : undefined;
}
