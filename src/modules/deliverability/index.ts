// The deliverability module's public surface: a business's messaging limit, its number's quality, and what
// the Cloud API's account webhooks say about them. It owns `messaging_limits`.
export { deliverabilityRoutes } from './deliverability.routes.js';
export { messagesPerSecondOf, recipientsOfTier, TIER_RECIPIENTS } from './messaging-limits.js';
export { applyNumberHealth, type NumberHealth } from './number-health.js';
export { refreshCloudNumbers } from './number-refresh.js';
export { applySpamLimit, SPAM_LIMIT_REASON } from './spam-limit.js';
