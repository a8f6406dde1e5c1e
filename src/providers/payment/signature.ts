import { createHmac, timingSafeEqual } from 'node:crypto';

/** The provider's webhook signature: HMAC-SHA512 of the exact raw body with the secret key, hex. */
export function signWebhookBody(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/**
 * Constant-time check of a webhook signature. Anything that is not exactly the expected hex digest
 * (missing, wrong length, not hex, upper-case variants aside) is refused without an early exit on content.
 */
export function isValidWebhookSignature(
  secret: string,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-fA-F]+$/.test(signature)) return false;
  const expected = Buffer.from(signWebhookBody(secret, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
