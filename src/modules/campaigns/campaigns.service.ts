import QRCode from 'qrcode';
import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import {
  BusinessRuleError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../platform/http/errors.js';
import { isUuid } from '../../platform/http/id-params.js';
import { toPage } from '../../platform/http/pagination.js';
import { campaignStatusOf } from '../../vocabulary/campaign-states.js';
import { MILESTONES } from '../../vocabulary/message-states.js';
import { type AuditAction, actorOf, recordAudit } from '../audit/index.js';
import { EXPORT_IDLE_TIMEOUT_MS, streamExport } from '../contacts/index.js';
import {
  type CampaignMessageRow,
  deliveryCounts,
  listCampaignMessages,
  MESSAGE_EXPORT_LAYOUT,
  openMessageCursor,
} from '../messages/index.js';
import { findTemplateOfBusiness, type TemplateParameters } from '../templates/index.js';
import { type AbTest, checkAbTest, chooseWinnerByHand, type Variant, variantsReport } from './ab-test.js';
import { checkRetarget, retargetColumns, retargetOf } from './campaign-audience.js';
import type { PaymentMethod } from './campaign-billing.js';
import { cancelInTransaction } from './campaign-cancel.js';
import { pauseCampaign, resumeCampaign, retryCampaign, retryEstimate } from './campaign-controls.js';
import { campaignMoney, failureGroups, limitEstimate, waitingForLimit } from './campaign-deliverability.js';
import { estimateCampaign } from './campaign-estimate.js';
import { checkFieldParameters } from './campaign-fields.js';
import { afterPublish, checkSchedule, publishInTransaction } from './campaign-publisher.js';
import { campaignReport } from './campaign-report.js';
import {
  businessOfCampaign,
  type CampaignRow,
  campaignStats,
  deleteUnlessWaiting,
  findBusinessForCampaigns,
  findCampaign,
  insertCampaign,
  listCampaigns,
  type NewCampaign,
  updateDraft,
} from './campaigns.repository.js';
import type {
  CreateCampaignInput,
  EstimateInput,
  ExportMessagesQuery,
  ListCampaignsQuery,
  ListMessagesQuery,
  UpdateCampaignInput,
} from './campaigns.schemas.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** States past a successful send: a failure reason left from an earlier attempt no longer applies. */
const REACHED = new Set<string>(MILESTONES);

export function toCampaignDto(row: CampaignRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    messageType: row.messageType,
    sendToAllContact: row.sendToAllContact,
    selectedContactId: row.selectedContactId,
    tags: row.tags,
    tagMatch: row.tagMatch,
    message: row.message,
    uploadFileUrl: row.uploadFileUrl,
    header: row.header,
    actionButtonTitle: row.actionButtonTitle,
    actionButtonUrl: row.actionButtonUrl,
    isScheduled: row.isScheduled,
    scheduledAt: iso(row.scheduledAt),
    timeZone: row.timeZone,
    paymentMethod: row.paymentMethod,
    isPublished: row.isPublished,
    isSentOut: row.isSentOut,
    status: campaignStatusOf(row.state),
    state: row.state,
    publishedAt: iso(row.publishedAt),
    sentOutAt: iso(row.sentOutAt),
    completedAt: iso(row.completedAt),
    recipientCount: row.recipientCount,
    sentCount: row.sentCount,
    failedCount: row.failedCount,
    cost: row.cost === null ? null : Number(row.cost),
    rate: row.rate === null ? null : Number(row.rate),
    templateId: row.templateId,
    trackClicks: row.trackClicks,
    audience: retargetOf(row),
    variants: (row.variants as Variant[] | null) ?? null,
    abTest: (row.abTest as AbTest | null) ?? null,
    templateParameters: (row.templateParameters as TemplateParameters | null) ?? null,
    stoppedAt: iso(row.stoppedAt),
    stopReason: row.stopReason,
    pausedAt: iso(row.pausedAt),
    pauseReason: row.pauseReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCampaignMessageDto(row: CampaignMessageRow) {
  return {
    id: row.id,
    contactId: row.contactId,
    phoneNumber: row.phoneNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    attempts: row.attempts,
    providerMessageId: row.providerMessageId,
    failureReason: REACHED.has(row.status) ? null : row.error,
    errorCode: row.errorCode,
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    clickedAt: iso(row.clickedAt),
    failedAt: iso(row.failedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored form of the schedule: UTC, and no time at all for an immediate campaign. */
function scheduleOf(isScheduled: boolean, scheduledAt: string | null | undefined): Date | null {
  return isScheduled && scheduledAt ? new Date(scheduledAt) : null;
}

function checkButton(title: string | null | undefined, url: string | null | undefined): void {
  if (!!title !== !!url) {
    const path = title ? 'actionButtonUrl' : 'actionButtonTitle';
    throw ValidationError.field(
      path,
      'actionButtonTitle and actionButtonUrl go together: give both or neither',
    );
  }
}

export class CampaignsService {
  constructor(private readonly deps: AppDeps) {}

  async list(auth: AuthContext, q: ListCampaignsQuery) {
    const { rows, total } = await listCampaigns(this.deps.db, businessOf(auth), q);
    return toPage(rows.map(toCampaignDto), total, q);
  }

  async estimate(auth: AuthContext, input: EstimateInput) {
    await checkRetarget(this.deps.db, businessOf(auth), input.audience, input);
    await this.checkTemplate(businessOf(auth), input.templateId ?? null);
    for (const [i, v] of (input.variants ?? []).entries())
      await this.checkTemplate(businessOf(auth), v.templateId ?? null, `variants.${i}.templateId`);
    const estimate = await estimateCampaign(this.deps.db, businessOf(auth), input);
    const messagingLimit = await limitEstimate(this.deps.db, businessOf(auth), estimate.recipients);
    return { ...estimate, messagingLimit };
  }

  stats(auth: AuthContext) {
    return campaignStats(this.deps.db, businessOf(auth));
  }

  async get(auth: AuthContext, id: string) {
    const row = await this.find(auth, id);
    const counts = await deliveryCounts(this.deps.db, row.id);
    return {
      ...toCampaignDto(row),
      delivery: { ...counts, pending: counts.held + counts.queued + counts.sending },
      waitingForLimit: await waitingForLimit(this.deps.db, row, counts.queued),
    };
  }

  async variants(auth: AuthContext, id: string) {
    return variantsReport(this.deps.db, await this.find(auth, id));
  }

  async chooseWinner(auth: AuthContext, id: string, variant: string) {
    this.assertMayPublish(auth);
    const campaign = await this.find(auth, id);
    await this.deps.db.transaction(async (tx) => {
      await chooseWinnerByHand(tx, campaign.businessId, campaign.id, variant);
      await audit(tx, auth, 'campaign.winner_chosen', campaign, { variant });
    });
    return variantsReport(this.deps.db, await this.find(auth, id));
  }

  async report(auth: AuthContext, id: string) {
    const row = await this.find(auth, id);
    const [report, groups, money] = await Promise.all([
      campaignReport(this.deps.db, row),
      failureGroups(this.deps.db, row.id),
      campaignMoney(this.deps.db, row),
    ]);
    return { ...report, failureGroups: groups, money };
  }

  /** The list's rows as a CSV or XLSX download, under the same limits and streaming as the contact export. */
  async exportMessages(auth: AuthContext, id: string, q: ExportMessagesQuery) {
    const campaign = await this.find(auth, id);
    return streamExport({
      limits: this.deps.transferLimits,
      businessId: campaign.businessId,
      open: () =>
        openMessageCursor(this.deps.database, campaign.id, {
          status: q.status,
          search: q.search,
          clicked: q.clicked,
        }),
      layout: MESSAGE_EXPORT_LAYOUT,
      format: q.format,
      fileBase: `campaign-${campaign.id.slice(0, 8)}-messages`,
      idleMs: EXPORT_IDLE_TIMEOUT_MS,
      logger: this.deps.logger,
    });
  }

  async messages(auth: AuthContext, id: string, q: ListMessagesQuery) {
    const campaign = await this.find(auth, id);
    const { rows, total } = await listCampaignMessages(this.deps.db, campaign.id, q);
    return toPage(rows.map(toCampaignMessageDto), total, q);
  }

  /** A draft, or (with `paymentMethod`) a draft published in the same transaction: all or nothing. */
  async create(auth: AuthContext, input: CreateCampaignInput) {
    const businessId = businessOf(auth);
    if (input.paymentMethod) this.assertMayPublish(auth);
    const scheduledAt = scheduleOf(input.isScheduled, input.scheduledAt);
    checkSchedule(input.isScheduled, scheduledAt);
    checkButton(input.actionButtonTitle, input.actionButtonUrl);
    const values: NewCampaign = {
      businessId,
      name: input.name,
      description: input.description ?? null,
      messageType: input.messageType,
      sendToAllContact: input.sendToAllContact,
      selectedContactId: [...new Set(input.selectedContactId)],
      tags: input.tags,
      tagMatch: input.tagMatch,
      message: input.message,
      uploadFileUrl: input.uploadFileUrl ?? null,
      header: input.header || null,
      actionButtonTitle: input.actionButtonTitle ?? null,
      actionButtonUrl: input.actionButtonUrl ?? null,
      isScheduled: input.isScheduled,
      scheduledAt,
      timeZone: input.timeZone ?? null,
      templateId: input.templateId ?? null,
      templateParameters: input.templateParameters ?? null,
      trackClicks: input.trackClicks,
      ...retargetColumns(input.audience),
      variants: input.variants ?? null,
      abTest: input.abTest ?? null,
    };
    await checkAbTest(this.deps.db, businessId, input.variants, input.abTest);
    await checkRetarget(this.deps.db, businessId, input.audience, input);
    await this.checkTemplate(businessId, values.templateId ?? null);
    await checkFieldParameters(this.deps.db, businessId, input);
    const paymentMethod = input.paymentMethod;
    if (!paymentMethod)
      return toCampaignDto(
        await this.deps.db.transaction(async (tx) => {
          const draft = await insertCampaign(tx, values);
          await audit(tx, auth, 'campaign.created', draft);
          return draft;
        }),
      );
    // Created and published at once: two changes, two entries, one transaction.
    const published = await this.deps.db.transaction(async (tx) => {
      const draft = await insertCampaign(tx, values);
      await audit(tx, auth, 'campaign.created', draft);
      const done = await publishInTransaction(tx, this.publishArgs(businessId, draft.id, paymentMethod));
      await audit(tx, auth, 'campaign.published', done.campaign, publishedDetails(done.campaign));
      return done;
    });
    await afterPublish(this.deps, published);
    return toCampaignDto(published.campaign);
  }

  async update(auth: AuthContext, id: string, input: UpdateCampaignInput) {
    const current = await this.find(auth, id);
    if (current.state !== 'draft') {
      throw new BusinessRuleError('Only draft campaigns can be edited: this one is already published');
    }
    const patch: Partial<NewCampaign> = {};
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined && key !== 'scheduledAt' && key !== 'audience')
        (patch as Record<string, unknown>)[key] = value;
    }
    if (input.audience !== undefined) Object.assign(patch, retargetColumns(input.audience));
    if (input.variants === null) patch.variants = null;
    if (input.abTest === null) patch.abTest = null;
    await checkAbTest(
      this.deps.db,
      current.businessId,
      input.variants === undefined ? (current.variants as Variant[] | null) : input.variants,
      input.abTest === undefined ? (current.abTest as AbTest | null) : input.abTest,
    );
    const audience = input.audience === undefined ? retargetOf(current) : input.audience;
    await checkRetarget(
      this.deps.db,
      current.businessId,
      audience,
      {
        sendToAllContact: input.sendToAllContact ?? current.sendToAllContact,
        selectedContactId: input.selectedContactId ?? current.selectedContactId,
        tags: input.tags ?? current.tags,
      },
      current.id,
    );
    if (patch.selectedContactId) patch.selectedContactId = [...new Set(patch.selectedContactId)];
    if (input.templateId === null) patch.templateId = null;
    if (input.templateParameters === null) patch.templateParameters = null;
    if (input.templateId) await this.checkTemplate(current.businessId, input.templateId);
    await checkFieldParameters(this.deps.db, current.businessId, input);
    if (input.header === '') patch.header = null;
    const isScheduled = input.isScheduled ?? current.isScheduled;
    if (input.isScheduled !== undefined || input.scheduledAt !== undefined) {
      const given = input.scheduledAt === undefined ? iso(current.scheduledAt) : input.scheduledAt;
      patch.scheduledAt = scheduleOf(isScheduled, given);
      checkSchedule(isScheduled, patch.scheduledAt);
    }
    checkButton(
      input.actionButtonTitle === undefined ? current.actionButtonTitle : input.actionButtonTitle,
      input.actionButtonUrl === undefined ? current.actionButtonUrl : input.actionButtonUrl,
    );
    const row = await this.deps.db.transaction(async (tx) => {
      const updated = await updateDraft(tx, current.businessId, current.id, patch);
      if (!updated)
        throw new BusinessRuleError('Only draft campaigns can be edited: this one is already published');
      await audit(tx, auth, 'campaign.updated', updated, { fields: Object.keys(input).sort() });
      return updated;
    });
    return toCampaignDto(row);
  }

  /**
   * docs/api.md "Campaigns and messages": a published campaign waiting for its scheduled time cannot be deleted. The
   * check is the delete's own WHERE clause, not a read before it: a publish committing in between would otherwise be
   * billed and then deleted with its messages.
   */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const businessId = businessOf(auth);
    if (!isUuid(id)) throw new NotFoundError('Campaign');
    const deleted = await this.deps.db.transaction(async (tx) => {
      const row = await findCampaign(tx, businessId, id);
      if (!row || !(await deleteUnlessWaiting(tx, businessId, id))) return false;
      await audit(tx, auth, 'campaign.deleted', row);
      return true;
    });
    if (deleted) return;
    // Nothing deleted: either there is no such campaign, or it is waiting to be sent out.
    await this.find(auth, id);
    throw new BusinessRuleError('A published campaign cannot be deleted before it is sent out');
  }

  private publishArgs(businessId: string, campaignId: string, paymentMethod: PaymentMethod) {
    return {
      businessId,
      campaignId,
      paymentMethod,
      requireCredentials: this.deps.messaging.requiresCredentials,
    };
  }

  async publish(auth: AuthContext, id: string, paymentMethod: PaymentMethod) {
    const businessId = businessOf(auth);
    this.assertMayPublish(auth);
    if (!isUuid(id)) throw new NotFoundError('Campaign');
    const published = await this.deps.db.transaction(async (tx) => {
      const done = await publishInTransaction(tx, this.publishArgs(businessId, id, paymentMethod));
      await audit(tx, auth, 'campaign.published', done.campaign, publishedDetails(done.campaign));
      return done;
    });
    await afterPublish(this.deps, published);
    return toCampaignDto(published.campaign);
  }

  /** Cancels a scheduled campaign before it goes out: refunded, commission taken back, a draft again. */
  async cancel(auth: AuthContext, id: string) {
    const businessId = businessOf(auth);
    if (!isUuid(id)) throw new NotFoundError('Campaign');
    const draft = await this.deps.db.transaction(async (tx) => {
      const row = await cancelInTransaction(tx, { businessId, campaignId: id });
      await audit(tx, auth, 'campaign.cancelled', row);
      return row;
    });
    return toCampaignDto(draft);
  }

  pause(auth: AuthContext, id: string) {
    return this.control(auth, id, 'campaign.paused', (tx, args) => pauseCampaign(tx, args));
  }

  /** Resuming sends messages again: the publish permissions apply, and the quality rule (409). */
  resume(auth: AuthContext, id: string) {
    this.assertMayPublish(auth);
    return this.control(auth, id, 'campaign.resumed', (tx, args) => resumeCampaign(tx, args));
  }

  /**
   * An administrator resumes a business's campaign whatever its number's quality (the override of the 409):
   * the other rules of resume hold (400 when not paused).
   */
  async resumeAsAdmin(auth: AuthContext, id: string) {
    const businessId = isUuid(id) ? await businessOfCampaign(this.deps.db, id) : null;
    if (!businessId) throw new NotFoundError('Campaign');
    const row = await this.deps.db.transaction(async (tx) => {
      const resumed = await resumeCampaign(tx, { businessId, campaignId: id, overrideQuality: true });
      await audit(tx, auth, 'campaign.resumed', resumed, { byPlatformAdministrator: true });
      return resumed;
    });
    this.deps.logger.info({ campaignId: id, businessId }, 'campaign resumed by an administrator');
    return toCampaignDto(row);
  }

  async retry(auth: AuthContext, id: string) {
    const businessId = businessOf(auth);
    this.assertMayPublish(auth);
    if (!isUuid(id)) throw new NotFoundError('Campaign');
    const done = await this.deps.db.transaction(async (tx) => {
      const result = await retryCampaign(tx, { businessId, campaignId: id });
      // Nothing left to retry changes nothing: no entry.
      if (result.messages > 0)
        await audit(tx, auth, 'campaign.retried', result.campaign, {
          messages: result.messages,
          credits: Number(result.credits),
        });
      return result;
    });
    return { campaign: toCampaignDto(done.campaign), messages: done.messages, credits: Number(done.credits) };
  }

  async retryEstimate(auth: AuthContext, id: string) {
    return retryEstimate(this.deps.db, await this.find(auth, id));
  }

  /** A pause or resume, and its audit entry when it changed something (pausing a paused campaign does not). */
  private async control(
    auth: AuthContext,
    id: string,
    action: AuditAction,
    step: (tx: Db, args: { businessId: string; campaignId: string }) => Promise<CampaignRow>,
  ) {
    const businessId = businessOf(auth);
    if (!isUuid(id)) throw new NotFoundError('Campaign');
    const row = await this.deps.db.transaction(async (tx) => {
      const before = await findCampaign(tx, businessId, id);
      const after = await step(tx, { businessId, campaignId: id });
      if (before?.pausedAt?.getTime() !== after.pausedAt?.getTime()) await audit(tx, auth, action, after);
      return after;
    });
    return toCampaignDto(row);
  }

  /** A deep link that opens a chat with the business's messaging number, and its QR code as a PNG. */
  async qrCode(auth: AuthContext) {
    const business = await findBusinessForCampaigns(this.deps.db, businessOf(auth));
    const digits = business?.wabaNumber?.replace(/\D/g, '');
    if (!digits)
      throw new BusinessRuleError('Messaging number not configured: save your provider details first');
    const link = `https://wa.me/${digits}`;
    const imageBase64 = await QRCode.toDataURL(link, { type: 'image/png', margin: 2, width: 512 });
    return { link, imageBase64 };
  }

  /**
   * docs/api.md "Roles and access": spending money and reaching people needs a verified e-mail and an accepted
   * business.
   */
  private assertMayPublish(auth: AuthContext): void {
    if (!auth.verified) throw new ForbiddenError('Verify your e-mail address first');
    if (auth.businessVerified !== 'accepted') {
      throw new ForbiddenError('Your business must be verified by an administrator first');
    }
  }

  /** A campaign may name only a template of its own business (another's is as unknown as a missing one). */
  private async checkTemplate(
    businessId: string,
    templateId: string | null,
    field = 'templateId',
  ): Promise<void> {
    if (!templateId) return;
    if (!(await findTemplateOfBusiness(this.deps.db, businessId, templateId)))
      throw ValidationError.field(field, 'Template not found');
  }

  private async find(auth: AuthContext, id: string): Promise<CampaignRow> {
    const businessId = businessOf(auth);
    const row = isUuid(id) ? await findCampaign(this.deps.db, businessId, id) : null;
    if (!row) throw new NotFoundError('Campaign');
    return row;
  }
}

/** A member's change of a campaign, in the change's transaction. */
function audit(
  tx: Db,
  auth: AuthContext,
  action: AuditAction,
  campaign: Pick<CampaignRow, 'id' | 'businessId' | 'name'>,
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    businessId: campaign.businessId,
    actor: actorOf(auth),
    action,
    target: { type: 'campaign', id: campaign.id },
    details: { name: campaign.name, ...details },
  });
}

const publishedDetails = (c: CampaignRow) => ({
  paymentMethod: c.paymentMethod,
  recipients: c.recipientCount,
  scheduled: c.isScheduled,
});
