import type { AppDeps } from '../deps.js';
import { credentialsForSending } from '../modules/business/index.js';
import { type CampaignContent, loadCampaignContent } from '../modules/campaigns/index.js';
import type { ClaimedMessage } from '../modules/messages/index.js';
import type { MessagingCredentials, OutboundMessage } from '../providers/messaging/messaging.port.js';
import { personalise } from './send-policy.js';

const CREDENTIALS_TTL_MS = 30_000;
const MAX_CAMPAIGNS = 1_000;

/**
 * What a send needs besides the message row, loaded once and shared by every message that needs it:
 * the campaign's content (fixed once published) and the business's decrypted credentials (kept for half a
 * minute, so a changed password takes effect soon without a decryption per message).
 */
export class SendInputs {
  private readonly contents = new Map<string, Promise<CampaignContent | null>>();
  private readonly credentials = new Map<
    string,
    { value: Promise<MessagingCredentials | null>; at: number }
  >();

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'secretBox' | 'messaging'>) {}

  content(campaignId: string): Promise<CampaignContent | null> {
    let content = this.contents.get(campaignId);
    if (!content) {
      if (this.contents.size >= MAX_CAMPAIGNS) this.contents.clear();
      content = loadCampaignContent(this.deps.db, campaignId);
      this.contents.set(campaignId, content);
      content.catch(() => this.contents.delete(campaignId));
    }
    return content;
  }

  credentialsOf(businessId: string): Promise<MessagingCredentials | null> {
    const cached = this.credentials.get(businessId);
    if (cached && Date.now() - cached.at < CREDENTIALS_TTL_MS) return cached.value;
    const value = credentialsForSending(this.deps, businessId);
    this.credentials.set(businessId, { value, at: Date.now() });
    value.catch(() => this.credentials.delete(businessId));
    return value;
  }

  forget(campaignId: string): void {
    this.contents.delete(campaignId);
  }
}

/** One recipient's message: the campaign's content with `{{firstName}}`/`{{lastName}}` filled in. */
export function toOutbound(content: CampaignContent, message: ClaimedMessage): OutboundMessage {
  return {
    to: message.phoneNumber,
    text: personalise(content.message, message),
    header: content.header,
    mediaUrl: content.uploadFileUrl,
    button:
      content.actionButtonTitle && content.actionButtonUrl
        ? { title: content.actionButtonTitle, url: content.actionButtonUrl }
        : null,
    messageType: content.messageType,
    reference: message.id,
  };
}
