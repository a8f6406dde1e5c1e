/**
 * Every provider failure the service tells apart, in one table: the Cloud API's error codes and the gateway's
 * `cause` / `errorCode`, each mapped to what the send does about it (`FailureOutcome`, defined with the other
 * shared words in `vocabulary/failure-outcomes.ts`) and the words the business reads
 * (docs/failure-outcomes.md is generated from `FAILURE_TABLE`). Codes not listed fail that one message with
 * the provider's own title.
 */
import { FAILURE_OUTCOMES, type FailureOutcome } from '../../vocabulary/failure-outcomes.js';

export { FAILURE_OUTCOMES, type FailureOutcome };
/** Kept for the adapters written against the first table. */
export type CloudErrorOutcome = FailureOutcome;

/** What each outcome means to the business, as the report's failure groups title it. */
export const OUTCOME_WORDS: Record<FailureOutcome, string> = {
  retry: 'Temporary: tried again later',
  defer: 'Too many marketing messages: tried again after 24 hours',
  optout: 'Stopped marketing from you: no longer receives marketing',
  fail: 'Could not be delivered to this person',
  stop: 'Campaign stopped: fix the template or connection',
  pause: 'Your number is limited for spam: marketing paused',
};

/** How long a deferred message waits (131049): the person's marketing cap counts a rolling day. */
export const DEFER_MS = 24 * 60 * 60 * 1000;

interface Entry {
  outcome: FailureOutcome;
  words: string;
  /** The provider is pushing back: slow down rather than treat it as down. */
  throttled?: boolean;
}

const TABLE: Record<number, Entry> = {
  0: { outcome: 'stop', words: 'The access token could not be authenticated; connect the number again' },
  1: { outcome: 'retry', words: 'The Cloud API had an unknown error' },
  2: { outcome: 'retry', words: 'The Cloud API is temporarily unavailable' },
  3: { outcome: 'stop', words: 'The access token lacks a capability or permission this send needs' },
  4: { outcome: 'retry', words: 'The app reached its Cloud API call limit', throttled: true },
  10: { outcome: 'stop', words: 'Permission denied: the access token lacks a needed permission' },
  100: { outcome: 'fail', words: 'The provider refused a parameter of this message' },
  190: { outcome: 'stop', words: 'The access token has expired or was revoked; connect the number again' },
  368: {
    outcome: 'stop',
    words: 'The WhatsApp Business Account is temporarily blocked for policy violations',
  },
  80007: { outcome: 'retry', words: 'The WhatsApp Business Account reached its rate limit', throttled: true },
  130429: { outcome: 'retry', words: 'The number reached its Cloud API throughput', throttled: true },
  130472: { outcome: 'fail', words: "The person's number is part of a WhatsApp experiment" },
  131000: { outcome: 'retry', words: 'Something went wrong at the provider' },
  131005: { outcome: 'stop', words: 'Access denied: the access token lacks a needed permission' },
  131008: { outcome: 'fail', words: 'A required parameter of this message is missing' },
  131009: { outcome: 'fail', words: 'A parameter of this message is not valid' },
  131016: { outcome: 'retry', words: 'The Cloud API is overloaded' },
  131021: { outcome: 'fail', words: 'The recipient is the sending number itself' },
  131026: { outcome: 'fail', words: 'Undeliverable: the number is not on WhatsApp or cannot receive it' },
  131031: { outcome: 'stop', words: 'The business account is locked' },
  131042: { outcome: 'stop', words: "The business account's payment method has a problem" },
  131045: { outcome: 'stop', words: 'The number is not registered with the Cloud API' },
  131047: { outcome: 'fail', words: 'More than 24 hours since the person last replied' },
  131048: {
    outcome: 'pause',
    words: 'Spam rate limit hit: WhatsApp is restricting how many messages this number may send',
  },
  131049: {
    outcome: 'defer',
    words: 'The person already received their share of marketing messages; sent again after 24 hours',
  },
  131050: { outcome: 'optout', words: 'The person stopped marketing messages from this business' },
  131051: { outcome: 'fail', words: 'This message type is not supported' },
  131052: { outcome: 'fail', words: "The message's media could not be downloaded" },
  131053: { outcome: 'fail', words: "The message's media could not be uploaded" },
  131056: { outcome: 'retry', words: 'Too many messages to this recipient in a short time', throttled: true },
  132012: { outcome: 'stop', words: "The template's parameters do not match what it expects" },
  133010: { outcome: 'stop', words: 'The number is not registered with the Cloud API' },
};

/** 132000-132016: the template is missing, paused, disabled or does not match its parameters. */
const TEMPLATE_ERRORS = { from: 132000, to: 132016 };
/** 200-299: API permission errors. */
const PERMISSION_ERRORS = { from: 200, to: 299 };
const TEMPLATE_WORDS = "The campaign's template cannot be sent (missing, paused, disabled or mismatched)";
const PERMISSION_WORDS = 'Permission error: the access token lacks a needed permission';

/**
 * The gateway's `cause` words (delivery reports and refusals), read case-insensitively. Its `errorCode`
 * carries the Cloud code when the gateway passes one through; that code wins.
 */
const GATEWAY_CAUSES: { pattern: RegExp; entry: Entry }[] = [
  {
    pattern: /rate.?limit|throttl|too many/i,
    entry: { outcome: 'retry', words: 'The gateway is slowing sends down', throttled: true },
  },
  {
    pattern: /timed? ?out|temporar|try again|retry/i,
    entry: { outcome: 'retry', words: 'The gateway timed out' },
  },
  {
    pattern: /frequency|marketing.?cap|ecosystem/i,
    entry: { outcome: 'defer', words: 'The person already received their share of marketing messages' },
  },
  {
    pattern: /user.?stop|opt.?out|unsubscrib/i,
    entry: { outcome: 'optout', words: 'The person stopped marketing messages from this business' },
  },
  {
    pattern: /template/i,
    entry: { outcome: 'stop', words: "The gateway refused the campaign's template" },
  },
  {
    pattern: /auth|credential|password|permission/i,
    entry: { outcome: 'stop', words: "The gateway refused the business's credentials" },
  },
  {
    pattern: /invalid|not.?on.?whatsapp|unknown.?subscriber|absent|undeliverable|blocked/i,
    entry: { outcome: 'fail', words: 'Undeliverable: the number is not valid or cannot receive it' },
  },
];

export interface CloudErrorClass {
  outcome: FailureOutcome;
  /** Plain words for the business, with the code and the provider's title. */
  reason: string;
  throttled: boolean;
}

/**
 * Classifies one failed Cloud API call from its HTTP status and the error object's `code` and title. HTTP
 * 429 and 5xx are tried again whatever the code says.
 */
export function classifyCloudError(status: number, code: number | null, title: string): CloudErrorClass {
  const quoted = title ? `: ${title}` : '';
  const codeText = code === null ? `HTTP ${status}` : `code ${code}`;
  const entry = code === null ? undefined : entryOf(code);
  if (status === 429 || (entry?.throttled ?? false))
    return {
      outcome: 'retry',
      reason: `${entry?.words ?? 'Cloud API rate limit'} (${codeText}${quoted})`,
      throttled: true,
    };
  if (status >= 500)
    return {
      outcome: 'retry',
      reason: `Cloud API error (HTTP ${status}${code === null ? '' : `, code ${code}`}${quoted})`,
      throttled: false,
    };
  if (entry)
    return { outcome: entry.outcome, reason: `${entry.words} (${codeText}${quoted})`, throttled: false };
  return { outcome: 'fail', reason: `Refused by the Cloud API (${codeText}${quoted})`, throttled: false };
}

/**
 * Classifies a failure the gateway reported (a refusal's details or a delivery report's `cause` and
 * `errorCode`). A numeric Cloud code is looked up first; then the cause words; else `fail`.
 */
export function classifyGatewayFailure(
  cause: string | null | undefined,
  errorCode: string | null | undefined,
): CloudErrorClass {
  // Only a Cloud message code (five digits or more) passes through: the gateway's own short codes (`003`)
  // would otherwise read as Cloud API codes of another meaning.
  const code = errorCode && /^[1-9]\d{4,}$/.test(errorCode.trim()) ? Number(errorCode) : null;
  const byCode = code === null ? undefined : entryOf(code);
  const entry = byCode ?? GATEWAY_CAUSES.find((c) => cause && c.pattern.test(cause))?.entry;
  const said = [cause?.trim(), errorCode ? `code ${errorCode}` : ''].filter(Boolean).join(', ');
  if (!entry)
    return { outcome: 'fail', reason: `Refused by the gateway${said ? ` (${said})` : ''}`, throttled: false };
  return {
    outcome: entry.outcome,
    reason: `${entry.words}${said ? ` (${said})` : ''}`,
    throttled: entry.throttled ?? false,
  };
}

/** Every row of the table, for the documentation and its test. */
export const FAILURE_TABLE: {
  provider: 'cloud' | 'gateway';
  match: string;
  outcome: FailureOutcome;
  words: string;
}[] = [
  ...Object.entries(TABLE).map(([code, e]) => ({
    provider: 'cloud' as const,
    match: `code ${code}`,
    outcome: e.outcome,
    words: e.words,
  })),
  { provider: 'cloud', match: 'codes 132000-132016', outcome: 'stop', words: TEMPLATE_WORDS },
  { provider: 'cloud', match: 'codes 200-299', outcome: 'stop', words: PERMISSION_WORDS },
  { provider: 'cloud', match: 'HTTP 429', outcome: 'retry', words: 'Cloud API rate limit' },
  { provider: 'cloud', match: 'HTTP 5xx, no answer', outcome: 'retry', words: 'Cloud API error' },
  ...GATEWAY_CAUSES.map((c) => ({
    provider: 'gateway' as const,
    match: `cause ${c.pattern.source}`,
    outcome: c.entry.outcome,
    words: c.entry.words,
  })),
  { provider: 'gateway', match: 'HTTP 429, 5xx, no answer', outcome: 'retry', words: 'Gateway error' },
];

function entryOf(code: number): Entry | undefined {
  const listed = TABLE[code];
  if (listed) return listed;
  if (code >= TEMPLATE_ERRORS.from && code <= TEMPLATE_ERRORS.to)
    return { outcome: 'stop', words: TEMPLATE_WORDS };
  if (code >= PERMISSION_ERRORS.from && code <= PERMISSION_ERRORS.to)
    return { outcome: 'stop', words: PERMISSION_WORDS };
  return undefined;
}
