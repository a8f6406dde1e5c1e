import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { queryRows } from '../../platform/db/client.js';
import { type CloudInteractive, interactiveAsText } from '../../providers/messaging/cloud-interactive.js';
import type { MessagingCredentials, OutboundMessage } from '../../providers/messaging/messaging.port.js';
import { credentialsForSending, twowayCredentialsForSending } from '../business/index.js';
import { takePendingReceiptsOf } from '../messages/index.js';
import {
  fillText,
  findTemplateOfBusiness,
  type TemplateParameters,
  templateSendFor,
} from '../templates/index.js';
import { emitConversationMessage } from './conversation-events.js';
import { type ClaimedReply, type ReplyOutcome, recordReplyOutcome } from './reply-queue.js';
import { applyReplyReceiptsCharged } from './reply-recharge.js';

type SendDeps = Pick<AppDeps, 'db' | 'secretBox' | 'messaging' | 'storage'>;
type Component = Record<string, unknown> & { type: string };

export const AUTOMATION_RULE_OFF = 'Not sent: its automation rule was switched off';

/**
 * What the dispatcher sends for a claimed reply, and with which credentials: free text or a medium as a
 * session message (a gateway business's two-way account), or a template as a campaign message is sent
 * (its HSM account). Null content when its template was deleted meanwhile.
 */
export async function replyOutboundOf(
  deps: SendDeps,
  reply: ClaimedReply,
): Promise<{
  message: OutboundMessage | null;
  credentials: MessagingCredentials | null;
  refusal?: string;
}> {
  // A rule switched off stops its replies at once, also those already queued: re-read when sent.
  if (reply.automationRuleId && !(await ruleEnabled(deps, reply.businessId, reply.automationRuleId)))
    return { message: null, credentials: null, refusal: AUTOMATION_RULE_OFF };
  const recipient = { firstName: reply.firstName, lastName: reply.lastName, phoneNumber: reply.phoneNumber };
  if (reply.type === 'template') {
    const template = reply.templateId
      ? await findTemplateOfBusiness(deps.db, reply.businessId, reply.templateId)
      : null;
    if (!template) return { message: null, credentials: null };
    const params = (reply.templateParameters as TemplateParameters | null) ?? null;
    const components = template.components as Component[];
    const body = components.find((c) => c.type === 'BODY');
    return {
      message: {
        to: reply.phoneNumber,
        text: fillText(typeof body?.text === 'string' ? body.text : '', params?.body, recipient),
        template: templateSendFor({ ...template, components }, params, recipient),
        messageType: template.category.toLowerCase() as OutboundMessage['messageType'],
        reference: reply.id,
      },
      credentials: await credentialsForSending(deps, reply.businessId),
    };
  }
  if (reply.interactive) {
    const interactive = reply.interactive as unknown as CloudInteractive;
    return {
      message: {
        to: reply.phoneNumber,
        text: interactiveAsText(interactive),
        session: { mediaKind: null },
        interactive,
        reference: reply.id,
      },
      credentials: await twowayCredentialsForSending(deps, reply.businessId),
    };
  }
  const mediaKind = reply.type === 'text' || reply.type === 'interactive' ? null : reply.type;
  return {
    message: {
      to: reply.phoneNumber,
      text: reply.text ?? '',
      mediaUrl: reply.mediaKey ? deps.storage.urlOf(reply.mediaKey) : null,
      session: { mediaKind },
      reference: reply.id,
    },
    credentials: await twowayCredentialsForSending(deps, reply.businessId),
  };
}

/**
 * Writes a reply's send outcome (fenced by the lease), applies the delivery reports that arrived before its
 * id was stored, and tells the console.
 */
export async function replyDelivered(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'storage'>,
  workerId: string,
  reply: ClaimedReply,
  outcome: ReplyOutcome,
  log: Logger,
): Promise<void> {
  const written = await recordReplyOutcome(deps.db, workerId, reply.id, outcome);
  if (!written) return;
  if (outcome.kind === 'sent') {
    const early = await takePendingReceiptsOf(deps.db, [outcome.providerMessageId]);
    if (early.length) await applyReplyReceiptsCharged(deps.db, early, log);
  }
  if (outcome.kind === 'sent' || outcome.kind === 'failed')
    await emitConversationMessage(deps, reply.businessId, reply.conversationId, reply.id, log);
}

/** Whether the automation rule still exists and is switched on (read, never written, here). */
async function ruleEnabled(deps: SendDeps, businessId: string, ruleId: string): Promise<boolean> {
  const [row] = await queryRows<{ enabled: boolean }>(
    deps.db,
    sql`SELECT enabled FROM automation_rules WHERE id = ${ruleId} AND business_id = ${businessId}`,
  );
  return row?.enabled === true;
}
