import type { AppDeps } from '../deps.js';
import { credentialsForSending } from '../modules/business/index.js';
import { type CampaignContent, loadCampaignContent } from '../modules/campaigns/index.js';
import { contactFieldKeys } from '../modules/contacts/index.js';
import type { ClaimedMessage } from '../modules/messages/index.js';
import {
  fillText,
  findTemplateOfBusiness,
  type TemplateNeeds,
  type TemplateParameters,
  type TemplateShape,
  templateNeeds,
  templateSendFor,
} from '../modules/templates/index.js';
import type { MessagingCredentials, OutboundMessage } from '../providers/messaging/messaging.port.js';
import { loadSendLinks, type SendLinks, withTrackedLinks } from './send-links.js';
import { personalise, textUsesFields } from './send-policy.js';

const CREDENTIALS_TTL_MS = 30_000;
const MAX_CAMPAIGNS = 1_000;

/**
 * What a send needs besides the message row, loaded once and shared by every message that needs it:
 * the campaign's content (fixed once published) and the business's decrypted credentials (kept for half a
 * minute, so a changed password takes effect soon without a decryption per message).
 */
/** A campaign's content with the template it is sent as (null without one, or when it was deleted). */
export type SendContent = Omit<CampaignContent, 'variants'> & {
  template: (TemplateShape & { name: string; language: string; needs: TemplateNeeds }) | null;
  links: SendLinks;
  /** An A/B test's variants as sends need them, by index (null outside a test). */
  variants: SendContent[] | null;
  /** The business's own contact field keys when the campaign was loaded: the `{{key}}` its text may fill. */
  fieldKeys: ReadonlySet<string>;
  /** Its text or template parameters use a contact field: its sends need the contacts' field values. */
  usesFields: boolean;
};

export class SendInputs {
  private readonly contents = new Map<string, Promise<SendContent | null>>();
  private readonly credentials = new Map<
    string,
    { value: Promise<MessagingCredentials | null>; at: number }
  >();

  constructor(
    private readonly deps: Pick<AppDeps, 'db' | 'secretBox' | 'messaging' | 'config' | 'linkTokens'>,
  ) {}

  content(campaignId: string): Promise<SendContent | null> {
    let content = this.contents.get(campaignId);
    if (!content) {
      if (this.contents.size >= MAX_CAMPAIGNS) this.contents.clear();
      content = this.load(campaignId);
      this.contents.set(campaignId, content);
      content.catch(() => this.contents.delete(campaignId));
    }
    return content;
  }

  private async load(campaignId: string): Promise<SendContent | null> {
    const content = await loadCampaignContent(this.deps.db, campaignId);
    if (!content) return null;
    const { variants: given, ...plain } = content;
    const own = await this.withTemplate(plain, 0);
    if (!given?.length) return own;
    // Each variant's links are numbered after the previous ones: one numbering for the whole campaign.
    const variants: SendContent[] = [];
    let offset = own.links.links.length;
    for (const v of given) {
      const variant = await this.withTemplate(
        {
          ...plain,
          message: v.message ?? '',
          templateId: v.templateId ?? null,
          templateParameters: v.templateParameters ?? null,
        },
        offset,
        !v.message,
      );
      variants.push(variant);
      offset += variant.links.links.length;
    }
    return { ...own, variants };
  }

  /** The content with its template (and, for a template variant, the template's body as its text). */
  private async withTemplate(
    content: Omit<CampaignContent, 'variants'>,
    linkOffset: number,
    textFromTemplate = false,
  ): Promise<SendContent> {
    const row = content.templateId
      ? await findTemplateOfBusiness(this.deps.db, content.businessId, content.templateId)
      : null;
    const components = row ? (row.components as { type: string; text?: string }[]) : null;
    if (textFromTemplate)
      content = { ...content, message: components?.find((c) => c.type === 'BODY')?.text ?? '' };
    const fieldKeys = new Set(await contactFieldKeys(this.deps.db, content.businessId));
    return {
      ...content,
      variants: null,
      fieldKeys,
      usesFields: usesFields(content, fieldKeys),
      links: await loadSendLinks(this.deps, content, components, linkOffset),
      template: row
        ? {
            name: row.name,
            language: row.language,
            category: row.category,
            parameterFormat: row.parameterFormat,
            components: row.components as { type: string }[],
            needs: templateNeeds({ ...row, components: row.components as { type: string }[] }),
          }
        : null,
    };
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

/** Whether a content's text (`{{city}}`) or template parameters (`{ field: 'city' }`) name a contact field. */
function usesFields(
  content: Pick<CampaignContent, 'message' | 'templateParameters'>,
  fieldKeys: ReadonlySet<string>,
): boolean {
  if (textUsesFields(content.message ?? '', fieldKeys)) return true;
  return namesField(content.templateParameters, fieldKeys);
}

/** Any `{ field: key }` of the business's fields anywhere in the parameters (lists, named, buttons). */
function namesField(value: unknown, fieldKeys: ReadonlySet<string>): boolean {
  if (Array.isArray(value)) return value.some((v) => namesField(v, fieldKeys));
  if (!value || typeof value !== 'object') return false;
  const field = (value as { field?: unknown }).field;
  if (typeof field === 'string' && fieldKeys.has(field)) return true;
  return Object.values(value).some((v) => namesField(v, fieldKeys));
}

/** Whether a message of this campaign (its own variant) needs its contact's field values. */
export function needsFields(campaign: SendContent, message: Pick<ClaimedMessage, 'variant'>): boolean {
  const content = (message.variant !== null && campaign.variants?.[message.variant]) || campaign;
  return content.usesFields;
}

/**
 * One recipient's message: the campaign's content with `{{firstName}}`/`{{lastName}}` filled in. With a
 * template, its variables are filled for this recipient: as the Cloud API's template components, and in
 * the text (`{{1}}`...) that a gateway sends.
 */
export function toOutbound(campaign: SendContent, message: ClaimedMessage): OutboundMessage {
  const content = (message.variant !== null && campaign.variants?.[message.variant]) || campaign;
  const params = (content.templateParameters as TemplateParameters | null) ?? null;
  const text = personalise(content.message, message, content.fieldKeys);
  return withTrackedLinks(toPlainOutbound(content, message, params, text), content.links, message);
}

function toPlainOutbound(
  content: SendContent,
  message: ClaimedMessage,
  params: TemplateParameters | null,
  text: string,
): OutboundMessage {
  return {
    to: message.phoneNumber,
    text: params ? fillText(text, params.body, message) : text,
    template: content.template ? templateSendFor(content.template, params, message) : null,
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
