import type { MessagingCredentials, MessagingPort } from './messaging.port.js';

/**
 * The WhatsApp Cloud API (Graph API) beyond sending: the phone number check done when a business connects,
 * and its message templates. `send` (from `MessagingPort`) takes `credentials.userId` = the phone-number id and
 * `credentials.password` = the access token.
 */
export interface CloudAccess {
  /** The access token, sent as a bearer. */
  accessToken: string;
}

export interface CloudPhoneNumber {
  id: string;
  displayPhoneNumber: string;
  verifiedName: string | null;
  qualityRating: string | null;
  /** `messaging_limit_tier`: TIER_250 ... TIER_UNLIMITED, when the API says. */
  messagingLimitTier?: string | null;
  /** `throughput.level`: STANDARD (80 messages/s) or HIGH (1,000). */
  throughputLevel?: string | null;
}

/** A template component in the Cloud API's own format (`HEADER`, `BODY`, `FOOTER`, `BUTTONS`). */
export type TemplateComponent = Record<string, unknown> & { type: string };

export interface CloudTemplateInput {
  name: string;
  language: string;
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  /** `NAMED` for `{{first_name}}` variables; positional when absent. */
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: TemplateComponent[];
}

/** A template as the provider lists it. */
export interface CloudTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: TemplateComponent[];
  /** `parameter_format`: `NAMED` or `POSITIONAL`. */
  parameterFormat: 'POSITIONAL' | 'NAMED';
  rejectedReason: string | null;
}

export interface CloudMessagingPort extends MessagingPort {
  /** `GET {base}/{phone-number-id}`: proves the token opens the number; throws CloudApiError when refused. */
  checkPhoneNumber(access: CloudAccess, phoneNumberId: string): Promise<CloudPhoneNumber>;
  /**
   * `GET {base}/{waba-id}/phone_numbers`, page by page: the account's number with this id, or null when the
   * account lists no such number. Throws CloudApiError when the account is unknown or the token cannot read it.
   */
  findAccountPhoneNumber(
    access: CloudAccess,
    wabaId: string,
    phoneNumberId: string,
  ): Promise<CloudPhoneNumber | null>;
  /** `POST {base}/{waba-id}/message_templates`: the provider's id and first status (usually `PENDING`). */
  createTemplate(
    access: CloudAccess,
    wabaId: string,
    template: CloudTemplateInput,
  ): Promise<{ id: string; status: string; category: string }>;
  /** `GET {base}/{waba-id}/message_templates`, every page. */
  listTemplates(access: CloudAccess, wabaId: string): Promise<CloudTemplate[]>;
  /** `DELETE {base}/{waba-id}/message_templates?name=...&hsm_id=...`. */
  deleteTemplate(access: CloudAccess, wabaId: string, template: { name: string; id: string }): Promise<void>;
  /**
   * A medium a contact sent: `GET {base}/{media-id}` names its URL, which is then read with the same bearer
   * token through `opts.download` (the caller's guarded fetcher: that URL is not the configured base's).
   * Throws CloudApiError when refused, or when it says it is larger than `maxBytes`.
   */
  fetchMedia(access: CloudAccess, mediaId: string, opts: MediaFetchOptions): Promise<FetchedMedia>;
}

export interface FetchedMedia {
  bytes: Buffer;
  /** The type the provider declared (the Graph API's `mime_type`, else the download's header). */
  contentType: string;
}

/** Reads `url` with `headers`, within the caller's size cap, address policy and deadline. */
export type MediaDownload = (url: string, headers: Record<string, string>) => Promise<FetchedMedia>;

export interface MediaFetchOptions {
  maxBytes: number;
  download: MediaDownload;
  /** Aborts the lookup of the URL too (the caller's overall deadline). */
  signal?: AbortSignal;
}

/** A refusal of a management call (not a send): the provider's code and its own words. */
export class CloudApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly providerMessage: string,
  ) {
    super(providerMessage);
    this.name = 'CloudApiError';
  }
}

/** The credentials a Cloud send uses, read from a business's stored fields. */
export function cloudAccessOf(credentials: MessagingCredentials): CloudAccess {
  return { accessToken: credentials.password };
}

/**
 * The key a Cloud message is stored under: the phone-number id that sent it and the provider's message id.
 * Status webhooks are matched by the same pair (`metadata.phone_number_id` and `statuses[].id`), so a status
 * naming another business's number never finds a message.
 */
export function cloudMessageKey(phoneNumberId: string, wamid: string): string {
  return `${phoneNumberId}:${wamid}`;
}
