import type { Logger } from 'pino';
import type { Db } from '../../platform/db/client.js';
import type { CampaignProgress } from '../messages/index.js';
import { ClickRecorder } from './click-recorder.js';
import { LinkCache } from './link-redirect.js';
import { LinkTokens } from './link-tokens.js';

declare module '../../deps.js' {
  interface ModuleObjects {
    /** The signer of tracked links' tokens, its key derived from `JWT_SECRET`. */
    linkTokens: LinkTokens;
    /** The campaigns' links the redirect has served, so a click costs no read. */
    campaignLinks: LinkCache;
    /** The process's click recorder: one, so every redirect's clicks join the same batch. */
    clickRecorder: ClickRecorder;
  }
}

/** The links module's objects of a process; its clicks move the campaigns' progress. */
export function linksObjects(deps: {
  db: Db;
  logger: Logger;
  config: { JWT_SECRET: string };
  campaignProgress: CampaignProgress;
}): { linkTokens: LinkTokens; campaignLinks: LinkCache; clickRecorder: ClickRecorder } {
  return {
    linkTokens: new LinkTokens(deps.config.JWT_SECRET),
    campaignLinks: new LinkCache(deps.db),
    clickRecorder: new ClickRecorder({
      db: deps.db,
      logger: deps.logger,
      campaignProgress: deps.campaignProgress,
    }),
  };
}
