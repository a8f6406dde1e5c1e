import { createHmac, timingSafeEqual } from 'node:crypto';

/** `X-Hub-Signature-256` of a Cloud API webhook: `sha256=` and the hex HMAC-SHA256 of the raw body. */
export function cloudSignature(appSecret: string, rawBody: string | Buffer): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Whether the header is the body's signature under the app secret (constant time; false when anything is missing). */
export function cloudSignatureValid(
  appSecret: string | undefined,
  header: string | string[] | undefined,
  rawBody: string | Buffer | undefined,
): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!appSecret || !given || rawBody === undefined) return false;
  const expected = Buffer.from(cloudSignature(appSecret, rawBody));
  const actual = Buffer.from(given.trim().toLowerCase());
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
