/**
 * Every Cloud API error code the service tells apart, in one table: what the send does about it and the words
 * the business reads. Codes not listed fail that one message with the provider's own title.
 *
 * - `retry`: try the message again later with backoff (throttling, the provider's own trouble);
 * - `fail`: this message failed for good (its recipient, its parameters);
 * - `stop`: the sender's setup is wrong (template, token, permission): every remaining send of the campaign
 *   would fail the same way, so the campaign stops and the business is told.
 */
export type CloudErrorOutcome = 'retry' | 'fail' | 'stop';

interface Entry {
  outcome: CloudErrorOutcome;
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
  190: { outcome: 'stop', words: 'The access token has expired or was revoked; connect the number again' },
  368: {
    outcome: 'stop',
    words: 'The WhatsApp Business Account is temporarily blocked for policy violations',
  },
  80007: { outcome: 'retry', words: 'The WhatsApp Business Account reached its rate limit', throttled: true },
  130429: { outcome: 'retry', words: 'The number reached its Cloud API throughput', throttled: true },
  131000: { outcome: 'retry', words: 'Something went wrong at the provider' },
  131005: { outcome: 'stop', words: 'Access denied: the access token lacks a needed permission' },
  131016: { outcome: 'retry', words: 'The Cloud API is overloaded' },
  131031: { outcome: 'stop', words: 'The business account is locked' },
  131056: { outcome: 'retry', words: 'Too many messages to this recipient in a short time', throttled: true },
};

/** 132000-132016: the template is missing, paused, disabled or does not match its parameters. */
const TEMPLATE_ERRORS = { from: 132000, to: 132016 };
/** 200-299: API permission errors. */
const PERMISSION_ERRORS = { from: 200, to: 299 };

export interface CloudErrorClass {
  outcome: CloudErrorOutcome;
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

function entryOf(code: number): Entry | undefined {
  const listed = TABLE[code];
  if (listed) return listed;
  if (code >= TEMPLATE_ERRORS.from && code <= TEMPLATE_ERRORS.to)
    return {
      outcome: 'stop',
      words: "The campaign's template cannot be sent (missing, paused, disabled or mismatched)",
    };
  if (code >= PERMISSION_ERRORS.from && code <= PERMISSION_ERRORS.to)
    return { outcome: 'stop', words: 'Permission error: the access token lacks a needed permission' };
  return undefined;
}
