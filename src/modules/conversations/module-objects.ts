import type { AppDeps } from '../../deps.js';
import type { SafeFetcher } from '../../platform/net/safe-fetch.js';
import { inboundMediaFetcher } from './inbound-media.js';
import { ReplyReceiptMatcher } from './reply-receipts.js';

declare module '../../deps.js' {
  interface ModuleObjects {
    /**
     * The process's matcher of delivery reports against replies: one, so the reports of every callback
     * (the gateway's and the Cloud API's) are matched together.
     */
    replyReceipts: ReplyReceiptMatcher;
    /** The process's one guarded fetcher of the media contacts send, so its connection pools are shared. */
    inboundMediaFetcher: SafeFetcher;
  }
}

/** The conversations module's objects of a process. */
export function conversationsObjects(deps: Pick<AppDeps, 'db' | 'realtime' | 'storage' | 'config'>): {
  replyReceipts: ReplyReceiptMatcher;
  inboundMediaFetcher: SafeFetcher;
} {
  return {
    replyReceipts: new ReplyReceiptMatcher({ db: deps.db, realtime: deps.realtime, storage: deps.storage }),
    inboundMediaFetcher: inboundMediaFetcher(deps.config),
  };
}
