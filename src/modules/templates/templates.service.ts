import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { BusinessRuleError, ConflictError, NotFoundError } from '../../platform/http/errors.js';
import { toPage } from '../../platform/http/pagination.js';
import { rooms } from '../../platform/realtime-hub.js';
import { CloudApiError, type CloudTemplate } from '../../providers/messaging/cloud.port.js';
import { type AuditAction, actorOf, recordAudit } from '../audit/index.js';
import {
  type CloudAccount,
  CredentialsUnreadableError,
  cloudAccountOf,
  providerOfBusiness,
} from '../business/index.js';
import { enqueueWebhookEvents, type WebhookEvent } from '../webhook-endpoints/index.js';
import { assertGatewayCanSend, assertValidTemplate } from './template-rules.js';
import { toTemplateDto, toTemplateStatusEvent } from './templates.dto.js';
import {
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  type TemplateRow,
  updateProviderTemplate,
  upsertProviderTemplate,
} from './templates.repository.js';
import {
  type CreateTemplateInput,
  type ListTemplatesQuery,
  TEMPLATE_CATEGORIES,
  TEMPLATE_STATUSES,
  type TemplateStatus,
} from './templates.schemas.js';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'cloud' | 'notifier' | 'realtime' | 'logger'>;

/** The real-time event a business's room receives when one of its templates changes status. */
export const TEMPLATE_STATUS_EVENT = 'templateStatus' as const;

/**
 * Message templates of the caller's business (docs/api.md "Templates"). A Cloud API business's templates are
 * the provider's: create submits them, delete removes them there, sync copies what the provider holds, and
 * status events move them. A gateway business declares the text its provider approved: `APPROVED` at once.
 */
export class TemplatesService {
  constructor(private readonly deps: Deps) {}

  async list(auth: AuthContext, q: ListTemplatesQuery) {
    const { items, total } = await listTemplates(this.deps.db, businessOf(auth), q);
    return toPage(items.map(toTemplateDto), total, q);
  }

  async get(auth: AuthContext, id: string) {
    return toTemplateDto(await this.own(auth, id));
  }

  async create(auth: AuthContext, input: CreateTemplateInput) {
    const businessId = businessOf(auth);
    assertValidTemplate(input);
    const provider = await providerOfBusiness(this.deps.db, businessId);
    if (provider === 'gateway') {
      assertGatewayCanSend(input);
      return toTemplateDto(await this.insert(auth, { ...input, businessId, provider, status: 'APPROVED' }));
    }
    const account = await this.account(businessId);
    // A duplicate is refused before the provider is asked, so a retry never leaves a stray template there.
    const taken = await listTemplates(this.deps.db, businessId, {
      page: 1,
      pageSize: 100,
      language: input.language,
    });
    if (taken.items.some((t) => t.name === input.name)) throw duplicate();
    let created: { id: string; status: string; category: string };
    try {
      created = await this.deps.cloud.createTemplate(account, account.wabaId, input);
    } catch (err) {
      throw refused(err, 'create the template');
    }
    return toTemplateDto(
      await this.insert(auth, {
        ...input,
        businessId,
        provider,
        status: knownStatus(created.status) ?? 'PENDING',
        category: knownCategory(created.category) ?? input.category,
        providerTemplateId: created.id,
        wabaId: account.wabaId,
      }),
    );
  }

  async remove(auth: AuthContext, id: string): Promise<null> {
    const businessId = businessOf(auth);
    const row = await this.own(auth, id);
    if (row.provider === 'whatsapp-cloud' && row.providerTemplateId) {
      const account = await this.account(businessId);
      try {
        await this.deps.cloud.deleteTemplate(account, account.wabaId, {
          name: row.name,
          id: row.providerTemplateId,
        });
      } catch (err) {
        throw refused(err, 'delete the template');
      }
    }
    await this.deps.db.transaction(async (tx) => {
      const deleted = await deleteTemplate(tx, businessId, id);
      if (!deleted) throw new NotFoundError('Template');
      await audit(tx, auth, 'template.deleted', deleted);
    });
    return null;
  }

  /**
   * Copies the provider's templates (every page): new ones inserted, known ones (by name and language)
   * updated; each known one whose status or category changed is a `template.status_changed` event, as when
   * the provider's webhook says so.
   */
  async sync(auth: AuthContext) {
    const businessId = businessOf(auth);
    const provider = await providerOfBusiness(this.deps.db, businessId);
    if (provider !== 'whatsapp-cloud')
      throw new BusinessRuleError(
        'Templates are synchronised from the WhatsApp Cloud API; connect the business with it first',
      );
    const account = await this.account(businessId);
    let remote: CloudTemplate[];
    try {
      remote = await this.deps.cloud.listTemplates(account, account.wabaId);
    } catch (err) {
      throw refused(err, 'list the templates');
    }
    let created = 0;
    let updated = 0;
    // One transaction with its audit entry: the copy is all there, with its entry, or none of it.
    await this.deps.db.transaction(async (tx) => {
      for (const t of remote) {
        const status = knownStatus(t.status);
        const category = knownCategory(t.category);
        if (!status || !category) continue;
        const result = await upsertProviderTemplate(tx, {
          businessId,
          name: t.name,
          language: t.language,
          category,
          status,
          components: t.components,
          parameterFormat: t.parameterFormat,
          rejectedReason: t.rejectedReason,
          provider: 'whatsapp-cloud',
          providerTemplateId: t.id || null,
          wabaId: account.wabaId,
        });
        if (result.created) created++;
        else updated++;
        if (result.moved) await enqueueWebhookEvents(tx, businessId, [templateStatusChanged(result.row)]);
      }
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'templates.synced',
        details: { created, updated, total: remote.length },
      });
    });
    return { created, updated, total: remote.length };
  }

  private async insert(
    auth: AuthContext,
    values: CreateTemplateInput & {
      businessId: string;
      provider: 'gateway' | 'whatsapp-cloud';
      status: TemplateStatus;
      providerTemplateId?: string;
      wabaId?: string;
    },
  ): Promise<TemplateRow> {
    const { parameter_format, ...row } = values;
    try {
      return await this.deps.db.transaction(async (tx) => {
        const saved = await insertTemplate(tx, { ...row, parameterFormat: parameter_format ?? 'POSITIONAL' });
        await audit(tx, auth, 'template.created', saved, {
          category: saved.category,
          status: saved.status,
          // A Cloud API template was submitted to the provider for approval.
          submitted: saved.provider === 'whatsapp-cloud',
        });
        return saved;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
  }

  private async own(auth: AuthContext, id: string): Promise<TemplateRow> {
    const row = await findTemplate(this.deps.db, businessOf(auth), id);
    if (!row) throw new NotFoundError('Template');
    return row;
  }

  private async account(businessId: string): Promise<CloudAccount> {
    let account: CloudAccount | null;
    try {
      account = await cloudAccountOf(this.deps.db, this.deps.secretBox, businessId);
    } catch (err) {
      if (err instanceof CredentialsUnreadableError) throw new BusinessRuleError(err.message);
      throw err;
    }
    if (!account)
      throw new BusinessRuleError(
        'The business is not connected to the WhatsApp Cloud API (POST /business/provider with its account id)',
      );
    return account;
  }
}

function duplicate(): ConflictError {
  return new ConflictError('A template with this name and language already exists', { field: 'name' });
}

/** A provider refusal as a 400 quoting its words; anything else goes on (a 500 the log explains). */
function refused(err: unknown, what: string): Error {
  if (err instanceof CloudApiError)
    return new BusinessRuleError(`The WhatsApp Cloud API did not ${what}: ${err.providerMessage}`, {
      providerCode: err.code,
    });
  return err as Error;
}

function knownStatus(value: string): TemplateStatus | null {
  return (TEMPLATE_STATUSES as readonly string[]).includes(value) ? (value as TemplateStatus) : null;
}

function knownCategory(value: string): (typeof TEMPLATE_CATEGORIES)[number] | null {
  return (TEMPLATE_CATEGORIES as readonly string[]).includes(value)
    ? (value as (typeof TEMPLATE_CATEGORIES)[number])
    : null;
}

/** A Cloud webhook's template event, as the webhooks module hands it over. */
export interface TemplateEvent {
  field: 'message_template_status_update' | 'template_category_update';
  /** The WhatsApp Business Account id (the webhook entry's `id`). */
  wabaId: string;
  value: Record<string, unknown>;
  /** When Meta sent it (`entry.time`): an event older than the one applied changes nothing. */
  at?: Date | null;
}

const EVENT_STATUS: Record<string, TemplateStatus> = {
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  PAUSED: 'PAUSED',
  DISABLED: 'DISABLED',
  PENDING: 'PENDING',
  IN_APPEAL: 'IN_APPEAL',
  PENDING_DELETION: 'PENDING_DELETION',
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  REINSTATED: 'APPROVED',
  UNPAUSED: 'APPROVED',
};

/**
 * A template status or category event from the Cloud webhook: the templates of that account move, and each
 * business owning one hears of it (a notification and a `templateStatus` live update). Returns how many
 * templates changed; events about unknown templates or states change nothing, and so does an event older
 * than the status (or category) event last applied to the template.
 */
type Obj = Record<string, unknown>;

export async function applyTemplateEvent(
  deps: Deps,
  event: TemplateEvent,
  log: Logger = deps.logger,
): Promise<number> {
  const v = event.value;
  const text = (x: unknown) => (typeof x === 'string' || typeof x === 'number' ? String(x).trim() : null);
  const match = {
    wabaId: event.wabaId,
    providerTemplateId: text(v.message_template_id),
    name: text(v.message_template_name),
    language: text(v.message_template_language),
  };
  let rows: TemplateRow[];
  if (event.field === 'template_category_update') {
    const category = knownCategory(text(v.new_category) ?? text(v.correct_category) ?? '');
    if (!category) return 0;
    rows = await updateWithWebhooks(deps.db, (tx) =>
      updateProviderTemplate(tx, match, { category }, event.at),
    );
  } else {
    const status = EVENT_STATUS[text(v.event)?.toUpperCase() ?? ''];
    if (!status) return 0;
    const reason = text(v.reason);
    // Meta's explanation of a rejection and what to change (`rejection_info`), kept beside its reason code.
    const info = v.rejection_info && typeof v.rejection_info === 'object' ? (v.rejection_info as Obj) : null;
    const explained = {
      reason: text(info?.reason)?.slice(0, 1000) || null,
      recommendation: text(info?.recommendation)?.slice(0, 1000) || null,
    };
    rows = await updateWithWebhooks(deps.db, (tx) =>
      updateProviderTemplate(
        tx,
        match,
        {
          status,
          rejectedReason: status === 'REJECTED' && reason && reason !== 'NONE' ? reason : null,
          rejectionInfo:
            status === 'REJECTED' && (explained.reason || explained.recommendation) ? explained : null,
        },
        event.at,
      ),
    );
  }
  for (const row of rows) {
    deps.realtime.emit(rooms.business(row.businessId), TEMPLATE_STATUS_EVENT, toTemplateStatusEvent(row));
    const said =
      event.field === 'template_category_update'
        ? `is now in the ${row.category} category`
        : row.status === 'REJECTED'
          ? `was rejected${row.rejectedReason ? ` (${row.rejectedReason})` : ''}${row.rejectionInfo?.reason ? `: ${row.rejectionInfo.reason}` : ''}`
          : `is now ${row.status}`;
    try {
      await deps.notifier.toBusiness(row.businessId, {
        type: 'template.status_changed',
        title: `Template ${row.name} ${row.status === 'APPROVED' ? 'approved' : 'changed'}`,
        message: `The template ${row.name} (${row.language}) ${said}.`,
      });
    } catch (err) {
      log.error({ err, templateId: row.id }, 'template notification not created');
    }
  }
  return rows.length;
}

/**
 * A provider's change of templates and, in its transaction, a `template.status_changed` outgoing webhook
 * event for each template it moved (to the business that owns it).
 */
function updateWithWebhooks(db: Db, update: (tx: Db) => Promise<TemplateRow[]>): Promise<TemplateRow[]> {
  return db.transaction(async (tx) => {
    const rows = await update(tx);
    for (const row of rows) await enqueueWebhookEvents(tx, row.businessId, [templateStatusChanged(row)]);
    return rows;
  });
}

/** The `template.status_changed` outgoing webhook event of a template the provider moved. */
function templateStatusChanged(row: TemplateRow): WebhookEvent {
  return {
    type: 'template.status_changed',
    at: new Date(),
    data: { templateId: row.id, ...toTemplateStatusEvent(row) },
  };
}

/** A member's change of a template, in the change's transaction. */
function audit(
  tx: Db,
  auth: AuthContext,
  action: AuditAction,
  template: TemplateRow,
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    businessId: template.businessId,
    actor: actorOf(auth),
    action,
    target: { type: 'template', id: template.id },
    details: { name: template.name, language: template.language, ...details },
  });
}
