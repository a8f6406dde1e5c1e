import type { FastifyReply } from 'fastify';
import { TooManyRequestsError } from '../platform/http/errors.js';
import type { RateLimiter } from '../platform/rate-limit.js';

const WINDOW_SECONDS = 60;

/**
 * Each API key's requests per minute, in a fixed window shared by every instance (Redis when set). Every
 * answer to a key carries the standard `RateLimit-Policy` and `RateLimit` headers (IETF draft
 * "RateLimit header fields for HTTP"); over the limit, 429 with `Retry-After`.
 */
export async function limitApiKey(
  limiter: RateLimiter,
  keyId: string,
  max: number,
  reply: FastifyReply,
): Promise<void> {
  const result = await limiter.hit(`api-key:${keyId}`, { max, windowMs: WINDOW_SECONDS * 1000 });
  const remaining = Math.max(0, max - result.count);
  reply.header('RateLimit-Policy', `${max};w=${WINDOW_SECONDS}`);
  reply.header('RateLimit', `limit=${max}, remaining=${remaining}, reset=${result.retryAfterSeconds}`);
  if (!result.allowed)
    throw new TooManyRequestsError(
      `This API key made more than ${max} requests this minute`,
      result.retryAfterSeconds,
    );
}
