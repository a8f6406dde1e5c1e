/**
 * What a send does about a provider's failure. Owner: the messaging providers' error table
 * (`providers/messaging/cloud-errors.ts` maps each code and cause to one of these); the campaign messages'
 * `failure_outcome`, the reports' failure groups and the console's words are derived from it.
 *
 * - `retry`: try the message again later with backoff (throttling, timeouts, the provider's own trouble);
 * - `defer`: the person got too many marketing messages: try once more, at least 24 hours later;
 * - `optout`: the person stopped marketing from the business: final, and the contact is opted out;
 * - `fail`: this message failed for good (its recipient, its number);
 * - `stop`: the sender's setup is wrong (template, token, permission): every remaining send of the campaign
 *   would fail the same way, so the campaign stops and the business is told;
 * - `pause`: Meta is restricting the number itself (131048, spam rate limit): the message fails, and the
 *   business's marketing campaigns pause as a quality drop to red pauses them, until the business resumes.
 */
export const FAILURE_OUTCOMES = ['retry', 'defer', 'optout', 'fail', 'stop', 'pause'] as const;
export type FailureOutcome = (typeof FAILURE_OUTCOMES)[number];
