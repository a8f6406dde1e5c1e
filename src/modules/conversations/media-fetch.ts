import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { emitConversationMessage } from './conversation-events.js';
import { isLastingMediaFailure, keepInboundMedia } from './inbound-media.js';
import { type ClaimedMedium, claimDueMedia, type MediaOutcome, recordMediaOutcome } from './media-queue.js';

export interface MediaJobOptions {
  /** Who holds a claim (the lease's fence). */
  workerId: string;
  /** Media claimed and fetched side by side in one round. */
  batchSize: number;
  /** The whole of one fetch, the Cloud API's two steps and the storage write included. */
  deadlineMs: number;
  /** Tries of one medium before it is given up. */
  maxAttempts: number;
  /** The first retry's wait; each next one is four times longer, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export function mediaJobOptions(
  config: AppDeps['config'],
  overrides: Partial<MediaJobOptions> = {},
): MediaJobOptions {
  return {
    workerId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    batchSize: 8,
    deadlineMs: config.MEDIA_FETCH_TIMEOUT_MS,
    maxAttempts: config.MEDIA_FETCH_ATTEMPTS,
    retryBaseMs: 15_000,
    retryMaxMs: 15 * 60_000,
    ...overrides,
  };
}

/** What a lease outlives: the fetch's deadline, and the writes around it. */
const LEASE_MARGIN_MS = 30_000;

type RoundDeps = Pick<
  AppDeps,
  | 'db'
  | 'secretBox'
  | 'messaging'
  | 'cloud'
  | 'storage'
  | 'inboundMediaFetcher'
  | 'config'
  | 'realtime'
  | 'logger'
>;

/**
 * One round of the media job: claims the due media, fetches each into storage within its deadline, and
 * records what came of it (fetched, failed, or due again after a backoff); the business's console hears of
 * each medium that arrived or was given up. Returns how many media were claimed.
 */
export async function fetchDueMedia(
  deps: RoundDeps,
  overrides: Partial<MediaJobOptions> = {},
  log: Logger = deps.logger,
): Promise<number> {
  const opts = mediaJobOptions(deps.config, overrides);
  const claimed = await claimDueMedia(deps.db, {
    limit: opts.batchSize,
    workerId: opts.workerId,
    leaseMs: opts.deadlineMs + LEASE_MARGIN_MS,
  });
  await Promise.all(claimed.map((medium) => fetchOne(deps, opts, medium, log)));
  return claimed.length;
}

async function fetchOne(
  deps: RoundDeps,
  opts: MediaJobOptions,
  medium: ClaimedMedium,
  log: Logger,
): Promise<void> {
  const outcome = await outcomeOf(deps, opts, medium, log);
  const recorded = await recordMediaOutcome(deps.db, opts.workerId, medium.id, outcome);
  if (recorded && outcome.kind !== 'retry')
    await emitConversationMessage(deps, medium.businessId, medium.conversationId, medium.id, log);
}

async function outcomeOf(
  deps: RoundDeps,
  opts: MediaJobOptions,
  medium: ClaimedMedium,
  log: Logger,
): Promise<MediaOutcome> {
  // Claimed past its last try: its runner died mid-fetch each time.
  if (medium.attempts > opts.maxAttempts)
    return { kind: 'failed', error: reasonOf(`gave up after ${opts.maxAttempts} tries`) };
  try {
    const kept = await keepInboundMedia(
      deps,
      medium.businessId,
      medium.id,
      medium.source,
      AbortSignal.timeout(opts.deadlineMs),
    );
    return { kind: 'fetched', ...kept };
  } catch (err) {
    const error = reasonOf((err as Error).message);
    const lasting = isLastingMediaFailure(err);
    log.warn(
      { err, messageId: medium.id, attempts: medium.attempts, lasting },
      'conversation: inbound medium not fetched',
    );
    if (lasting || medium.attempts >= opts.maxAttempts) return { kind: 'failed', error };
    const delayMs = Math.min(opts.retryMaxMs, opts.retryBaseMs * 4 ** (medium.attempts - 1));
    return { kind: 'retry', error, delayMs };
  }
}

function reasonOf(why: string): string {
  return `The medium could not be kept: ${why}`.slice(0, 500);
}
