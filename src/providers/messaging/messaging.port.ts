import type { FailureOutcome } from './cloud-errors.js';
import type { CloudInteractive } from './cloud-interactive.js';

/** What the messaging adapter needs of a business: its gateway credentials, decrypted only for the call. */
export interface MessagingCredentials {
  userId: string;
  password: string;
  /** The business's sending number (digits with country code). */
  fromNumber?: string | null;
  /**
   * Which provider the business connected: the enterprise gateway (`userId`/`password` are its login), or
   * the WhatsApp Cloud API (`userId` is the phone-number id, `password` the access token). Unset: gateway.
   */
  provider?: 'gateway' | 'whatsapp-cloud';
}

/** A template message as the Cloud API sends it: the approved template's name, language and filled parameters. */
export interface TemplateSend {
  name: string;
  language: string;
  /** `header` / `body` / `button` components with this recipient's parameters (the Cloud API's format). */
  components: TemplateSendComponent[];
}

export type TemplateSendParameter =
  /** `parameter_name` for a named template's variable (`{{first_name}}`). */
  | { type: 'text'; text: string; parameter_name?: string }
  | { type: 'image'; image: { link: string } }
  | { type: 'video'; video: { link: string } }
  | { type: 'document'; document: { link: string } };

export type TemplateSendComponent =
  | { type: 'header' | 'body'; parameters: TemplateSendParameter[] }
  | { type: 'button'; sub_type: 'url'; index: string; parameters: { type: 'text'; text: string }[] }
  | {
      type: 'button';
      sub_type: 'copy_code';
      index: string;
      parameters: { type: 'coupon_code'; coupon_code: string }[];
    };

export interface OutboundMessage {
  /** E.164 recipient (`+2348031234567`); adapters convert to the gateway's digits-only form. */
  to: string;
  text: string;
  header?: string | null;
  /** An attachment (image, video, document) sent as a media message. */
  mediaUrl?: string | null;
  button?: { title: string; url: string } | null;
  /** Set for campaign messages (business-initiated, sent as templates); unset for replies in a chat. */
  messageType?: 'marketing' | 'utility' | 'authentication';
  /** Our id for the message, passed to the gateway for correlation (the campaign message row id). */
  reference?: string;
  /** The approved template the message is sent as (required by the Cloud API for business-initiated messages). */
  template?: TemplateSend | null;
  /**
   * A reply inside the customer-service window: free text, or a medium (`mediaUrl`, its kind in `mediaKind`)
   * with `text` as its caption. The Cloud API sends it as a normal message instead of a template.
   */
  session?: { mediaKind: 'image' | 'video' | 'audio' | 'document' | null } | null;
  /**
   * A session message with reply buttons or a list (the Cloud API's `interactive`); `text` then carries the
   * same as plain text for a channel without them.
   */
  interactive?: CloudInteractive | null;
}

export interface SendResult {
  providerMessageId: string;
}

export interface MessagingPort {
  /**
   * Whether a business must have stored gateway credentials to send. The embedded sandbox needs none, so a
   * laptop (and any client testing against it) can publish campaigns without a gateway account.
   */
  readonly requiresCredentials: boolean;
  send(credentials: MessagingCredentials, message: OutboundMessage): Promise<SendResult>;
  /** Releases pooled connections (graceful shutdown, tests). */
  close?(): Promise<void>;
}

/**
 * A failed send. `transient` failures (network, 429, 5xx) are retried with backoff; others fail the message
 * at once with `reason` stored for the business to see. `throttled` marks the provider pushing back (429):
 * the sender slows down rather than treating the provider as down.
 */
export class MessagingError extends Error {
  constructor(
    readonly reason: string,
    readonly transient: boolean,
    readonly retryAfterMs?: number,
    readonly throttled = false,
    /**
     * `campaign`: the failure is not this message's but the sender's (its template, token or permissions), so
     * every remaining send of the campaign would fail the same way; the dispatcher stops the campaign.
     */
    readonly scope: 'message' | 'campaign' = 'message',
    /** The provider's error code, kept with a failed message. */
    readonly code?: string,
    /** What the failure table (`cloud-errors.ts`) says to do; unset: derived from the flags above. */
    outcome?: FailureOutcome,
  ) {
    super(reason);
    this.name = 'MessagingError';
    this.outcome = outcome ?? (transient ? 'retry' : scope === 'campaign' ? 'stop' : 'fail');
  }

  readonly outcome: FailureOutcome;
}
