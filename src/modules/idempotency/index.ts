// The idempotency module's public surface: other modules import from here, never from its inner files.

export { IDEMPOTENCY_HEADER, installIdempotency, KEY_LIFETIME_MS } from './idempotency.hooks.js';
export { purgeExpiredKeys } from './idempotency.repository.js';
