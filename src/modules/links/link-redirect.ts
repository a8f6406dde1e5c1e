import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { RealtimeHub } from '../../platform/realtime-hub.js';
import { clickRecorder } from './click-recorder.js';
import { linkTokensOf } from './link-tokens.js';
import { resolveLink } from './links.repository.js';
import { isPrefetch } from './prefetch.js';

export type LinkAnswer = { kind: 'redirect'; url: string } | { kind: 'unknown' };

/**
 * Follows a tracked link: the signature is checked before any read (a forged token costs none), the link is
 * found by one indexed read, and a person's click is queued for the next batch (a prefetch is answered the
 * same way but not counted).
 */
export async function followLink(
  deps: { db: Db; realtime: RealtimeHub; logger: Logger; config: { JWT_SECRET: string } },
  token: string,
  req: { method: string; headers: Record<string, string | string[] | undefined> },
): Promise<LinkAnswer> {
  const ref = linkTokensOf(deps.config).verify(token);
  if (!ref) return { kind: 'unknown' };
  const link = await resolveLink(deps.db, ref.messageId, ref.position);
  if (!link) return { kind: 'unknown' };
  if (!isPrefetch(req)) clickRecorder(deps).record({ ...ref, campaignId: link.campaignId, at: new Date() });
  return { kind: 'redirect', url: link.url };
}
