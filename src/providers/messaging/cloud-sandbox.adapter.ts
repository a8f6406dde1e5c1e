import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type {
  CloudAccess,
  CloudMessagingPort,
  CloudPhoneNumber,
  CloudTemplate,
  CloudTemplateInput,
  FetchedMedia,
  MediaFetchOptions,
} from './cloud.port.js';
import { cloudMessageKey } from './cloud.port.js';
import { interactiveProblem } from './cloud-interactive.js';
import { cloudSignature } from './cloud-signature.js';
import {
  type MessagingCredentials,
  MessagingError,
  type OutboundMessage,
  type SendResult,
} from './messaging.port.js';

export interface CloudSandboxOptions {
  /** The service's own Cloud webhook, where the sandbox posts what Meta would. */
  webhookUrl: string;
  /** Signs the posts (`X-Hub-Signature-256`), as Meta does with the app secret. */
  appSecret: string;
  /** How long a new template waits before it is approved. */
  approveAfterMs: number;
  /** About how long after the send a message is delivered; read follows after as long again. */
  deliveredDelayMs: number;
  /** Whether statuses and template events are posted at all (off in tests that have no listener). */
  emit: boolean;
}

/**
 * The number every sandbox phone-number id shows. The sandbox has no real numbers, so a connection through it
 * is not held to this number (the business module skips the display-number check when the sandbox runs).
 */
export const SANDBOX_DISPLAY_NUMBER = '+1 555-010-0000';

interface Stored extends CloudTemplate {
  wabaId: string;
  parameter_format?: string;
}

/**
 * The built-in Cloud API for `npm start` (no WHATSAPP_CLOUD_* variable set): accepts any token, keeps
 * templates in memory and approves them after a few seconds, accepts every template message and reports it
 * sent, delivered and read, each through a signed webhook to the service's own callback, as Meta would.
 */
export class CloudSandboxAdapter implements CloudMessagingPort {
  readonly requiresCredentials = true;
  readonly templates = new Map<string, Stored>();
  private sequence = 0;

  constructor(
    private readonly opts: CloudSandboxOptions,
    private readonly logger?: Logger,
  ) {}

  async checkPhoneNumber(_access: CloudAccess, phoneNumberId: string): Promise<CloudPhoneNumber> {
    return {
      id: phoneNumberId,
      displayPhoneNumber: SANDBOX_DISPLAY_NUMBER,
      verifiedName: 'Sandbox business',
      qualityRating: 'GREEN',
    };
  }

  /** Every account of the sandbox lists every number, shown as the sandbox's one display number. */
  async findAccountPhoneNumber(
    access: CloudAccess,
    _wabaId: string,
    phoneNumberId: string,
  ): Promise<CloudPhoneNumber | null> {
    return this.checkPhoneNumber(access, phoneNumberId);
  }

  async createTemplate(_access: CloudAccess, wabaId: string, template: CloudTemplateInput) {
    const id = `${Date.now()}${++this.sequence}`;
    this.templates.set(id, {
      ...template,
      id,
      wabaId,
      status: 'PENDING',
      parameterFormat: template.parameter_format ?? 'POSITIONAL',
      rejectedReason: null,
    });
    this.later(this.opts.approveAfterMs, () => {
      const stored = this.templates.get(id);
      if (!stored) return;
      stored.status = 'APPROVED';
      void this.post(wabaId, 'message_template_status_update', {
        event: 'APPROVED',
        message_template_id: Number(id),
        message_template_name: stored.name,
        message_template_language: stored.language,
        reason: 'NONE',
      });
    });
    return { id, status: 'PENDING', category: template.category };
  }

  async listTemplates(_access: CloudAccess, wabaId: string): Promise<CloudTemplate[]> {
    return [...this.templates.values()]
      .filter((t) => t.wabaId === wabaId)
      .map(({ wabaId: _w, parameter_format: _f, ...t }) => t);
  }

  async deleteTemplate(_access: CloudAccess, _wabaId: string, template: { name: string; id: string }) {
    this.templates.delete(template.id);
  }

  /** The sandbox keeps no media: every medium is a one-pixel PNG. */
  async fetchMedia(_access: CloudAccess, _mediaId: string, _opts: MediaFetchOptions): Promise<FetchedMedia> {
    return {
      bytes: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
      contentType: 'image/png',
    };
  }

  async send(credentials: MessagingCredentials, message: OutboundMessage): Promise<SendResult> {
    // An interactive message Meta would refuse is refused here the same way: 131009, the parameter named.
    const problem = message.interactive ? interactiveProblem(message.interactive) : null;
    if (problem)
      throw new MessagingError(
        `(#131009) Parameter value is not valid: ${problem.path}: ${problem.message}`,
        false,
        undefined,
        false,
        'message',
        '131009',
      );
    const id = `wamid.sandbox.${randomBytes(12).toString('base64url')}`;
    const status = (state: 'sent' | 'delivered' | 'read') => ({
      id,
      status: state,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: message.to.replace(/\D/g, ''),
      ...(message.reference ? { biz_opaque_callback_data: message.reference } : {}),
    });
    const value = (state: 'sent' | 'delivered' | 'read') => ({
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: credentials.fromNumber ?? '', phone_number_id: credentials.userId },
      statuses: [status(state)],
    });
    const delay = this.opts.deliveredDelayMs;
    this.later(Math.min(500, delay), () => void this.post('sandbox', 'messages', value('sent')));
    this.later(delay, () => void this.post('sandbox', 'messages', value('delivered')));
    this.later(delay * 2, () => void this.post('sandbox', 'messages', value('read')));
    return { providerMessageId: cloudMessageKey(credentials.userId, id) };
  }

  private later(ms: number, run: () => void): void {
    if (!this.opts.emit) return;
    setTimeout(run, ms).unref();
  }

  private async post(entryId: string, field: string, value: unknown): Promise<void> {
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: entryId, time: Math.floor(Date.now() / 1000), changes: [{ field, value }] }],
    });
    try {
      const res = await fetch(this.opts.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': cloudSignature(this.opts.appSecret, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      if (!res.ok) this.logger?.warn({ status: res.status, field }, 'cloud sandbox webhook refused');
    } catch (err) {
      this.logger?.warn({ err: (err as Error).message, field }, 'cloud sandbox webhook not posted');
    }
  }
}
