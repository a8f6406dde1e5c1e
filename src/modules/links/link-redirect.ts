import type { AppDeps } from '../../deps.js';
import type { Db } from '../../platform/db/client.js';
import { type CampaignLinks, loadCampaignLinks } from './links.repository.js';
import { isPrefetch } from './prefetch.js';

export type LinkAnswer = { kind: 'redirect'; url: string } | { kind: 'unknown' };

/** A campaign's links are read again after this long (they are fixed once the first message went out). */
const LINKS_TTL_MS = 60_000;
const MAX_CAMPAIGNS = 10_000;

/**
 * The campaigns' links this process has served, by campaign: a click costs no read while its campaign's
 * links are cached. A campaign whose first message has not gone out yet (no links stored) is read again.
 */
export class LinkCache {
  private readonly entries = new Map<string, { links: Promise<CampaignLinks | null>; at: number }>();

  constructor(private readonly db: Db) {}

  get(campaignId: string, now: number): Promise<CampaignLinks | null> {
    const cached = this.entries.get(campaignId);
    if (cached && now - cached.at < LINKS_TTL_MS) return cached.links;
    if (this.entries.size >= MAX_CAMPAIGNS) this.entries.clear();
    const links = loadCampaignLinks(this.db, campaignId);
    this.entries.set(campaignId, { links, at: now });
    links.then(
      (l) => {
        if (!l?.urls.size) this.entries.delete(campaignId);
      },
      () => this.entries.delete(campaignId),
    );
    return links;
  }
}

/**
 * Follows a tracked link: the signature is checked before anything (a forged token costs nothing), the URL
 * comes from the campaign's cached links, and a person's click is queued for the next batch (a prefetch is
 * answered the same way but not counted). Expired: the campaign went out more than the links' lifetime ago.
 */
export async function followLink(
  deps: Pick<AppDeps, 'linkTokens' | 'campaignLinks' | 'clickRecorder'>,
  token: string,
  req: { method: string; headers: Record<string, string | string[] | undefined> },
  now = Date.now(),
): Promise<LinkAnswer> {
  const ref = deps.linkTokens.verify(token);
  if (!ref) return { kind: 'unknown' };
  const links = await deps.campaignLinks.get(ref.campaignId, now);
  const url = links?.urls.get(ref.position);
  if (!url || links?.expiresAt === null || (links?.expiresAt ?? 0) < now) return { kind: 'unknown' };
  if (!isPrefetch(req)) deps.clickRecorder.record({ ...ref, at: new Date(now) });
  return { kind: 'redirect', url };
}
