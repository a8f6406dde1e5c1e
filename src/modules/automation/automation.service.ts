import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import type { Db } from '../../platform/db/client.js';
import { DEFAULT_OPT_OUT_WORDS } from '../../platform/db/schema/index.js';
import { NotFoundError, ValidationError } from '../../platform/http/errors.js';
import { type Page, type PageQuery, toPage } from '../../platform/http/pagination.js';
import { type AuditAction, recordAudit } from '../audit/index.js';
import { findTemplateOfBusiness } from '../templates/index.js';
import { findBusinessUpload } from '../uploads/index.js';
import {
  deleteRule,
  findHours,
  findRule,
  findSettings,
  insertRule,
  listRules,
  type RuleRow,
  type RuleValues,
  saveHours,
  saveSettings,
  updateRule,
} from './automation.repository.js';
import type {
  AutomationSettingsBody,
  AutomationSettingsDto,
  BusinessHoursBody,
  CreateRuleBody,
  RuleDto,
  UpdateRuleBody,
} from './automation.schemas.js';
import { compilePattern } from './matcher.js';
import { DEFAULT_COOLDOWN_SECONDS, DEFAULT_DAILY_CAP, invalidateAutomation } from './rule-cache.js';

const NOT_FOUND = 'Automation rule not found';
/** The webhook's built-in opt-out words, shown while a business has not saved its own. */
const BUILT_IN_OPT_OUT = ['STOP', 'UNSUBSCRIBE', 'OPT OUT'];

/** Automation rules, business hours and automation settings (docs/api.md "Automation"); every change audited. */
export class AutomationService {
  constructor(private readonly deps: AppDeps) {}

  async list(auth: AuthContext, q: PageQuery): Promise<Page<RuleDto>> {
    const { rows, total } = await listRules(this.deps.db, businessOf(auth), q);
    return toPage(rows.map(toRuleDto), total, q);
  }

  async get(auth: AuthContext, id: string): Promise<RuleDto> {
    const row = await findRule(this.deps.db, businessOf(auth), id);
    if (!row) throw new NotFoundError(NOT_FOUND);
    return toRuleDto(row);
  }

  async create(auth: AuthContext, body: CreateRuleBody): Promise<RuleDto> {
    const businessId = businessOf(auth);
    const values = await this.checked(businessId, {
      name: body.name,
      trigger: body.trigger,
      matchMode: body.matchMode ?? null,
      pattern: body.pattern ?? null,
      choiceId: body.choiceId ?? null,
      priority: body.priority ?? 0,
      reply: body.reply,
      enabled: body.enabled ?? true,
      activeFrom: body.activeFrom ? new Date(body.activeFrom) : null,
      activeUntil: body.activeUntil ? new Date(body.activeUntil) : null,
      cooldownSeconds: body.cooldownSeconds ?? null,
    });
    const row = await this.deps.db.transaction(async (tx) => {
      const row = await insertRule(tx, businessId, values);
      await this.audit(tx, auth, 'automation_rule.created', row.id, { name: row.name, trigger: row.trigger });
      return row;
    });
    invalidateAutomation(businessId);
    return toRuleDto(row);
  }

  async update(auth: AuthContext, id: string, body: UpdateRuleBody): Promise<RuleDto> {
    const businessId = businessOf(auth);
    const current = await findRule(this.deps.db, businessId, id);
    if (!current) throw new NotFoundError(NOT_FOUND);
    const merged = await this.checked(businessId, {
      name: body.name ?? current.name,
      trigger: body.trigger ?? current.trigger,
      matchMode: body.matchMode !== undefined ? body.matchMode : current.matchMode,
      pattern: body.pattern !== undefined ? body.pattern : current.pattern,
      choiceId: body.choiceId !== undefined ? body.choiceId : current.choiceId,
      priority: body.priority ?? current.priority,
      reply: body.reply ?? current.reply,
      enabled: body.enabled ?? current.enabled,
      activeFrom:
        body.activeFrom !== undefined
          ? body.activeFrom
            ? new Date(body.activeFrom)
            : null
          : current.activeFrom,
      activeUntil:
        body.activeUntil !== undefined
          ? body.activeUntil
            ? new Date(body.activeUntil)
            : null
          : current.activeUntil,
      cooldownSeconds: body.cooldownSeconds !== undefined ? body.cooldownSeconds : current.cooldownSeconds,
    });
    const row = await this.deps.db.transaction(async (tx) => {
      const row = await updateRule(tx, businessId, id, merged);
      if (!row) throw new NotFoundError(NOT_FOUND);
      await this.audit(tx, auth, 'automation_rule.updated', id, { fields: Object.keys(body) });
      return row;
    });
    invalidateAutomation(businessId);
    return toRuleDto(row);
  }

  async setEnabled(auth: AuthContext, id: string, enabled: boolean): Promise<RuleDto> {
    const businessId = businessOf(auth);
    const row = await this.deps.db.transaction(async (tx) => {
      const row = await updateRule(tx, businessId, id, { enabled });
      if (!row) throw new NotFoundError(NOT_FOUND);
      await this.audit(tx, auth, enabled ? 'automation_rule.enabled' : 'automation_rule.disabled', id, {});
      return row;
    });
    invalidateAutomation(businessId);
    return toRuleDto(row);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const businessId = businessOf(auth);
    await this.deps.db.transaction(async (tx) => {
      if (!(await deleteRule(tx, businessId, id))) throw new NotFoundError(NOT_FOUND);
      await this.audit(tx, auth, 'automation_rule.deleted', id, {});
    });
    invalidateAutomation(businessId);
  }

  async hours(auth: AuthContext): Promise<BusinessHoursBody | null> {
    const row = await findHours(this.deps.db, businessOf(auth));
    return row ? { timeZone: row.timeZone, week: row.week } : null;
  }

  async saveHours(auth: AuthContext, body: BusinessHoursBody): Promise<BusinessHoursBody> {
    const businessId = businessOf(auth);
    const row = await this.deps.db.transaction(async (tx) => {
      const row = await saveHours(tx, businessId, body);
      await recordAudit(tx, {
        businessId,
        actor: { accountId: auth.accountId, email: auth.email },
        action: 'business_hours.updated',
        target: { type: 'business', id: businessId },
        details: { timeZone: body.timeZone },
      });
      return row;
    });
    invalidateAutomation(businessId);
    return { timeZone: row.timeZone, week: row.week };
  }

  async settings(auth: AuthContext): Promise<AutomationSettingsDto> {
    const row = await findSettings(this.deps.db, businessOf(auth));
    return row
      ? {
          optOutWords: row.optOutWords,
          cooldownSeconds: row.cooldownSeconds,
          dailyCap: row.dailyCap,
          configured: true,
        }
      : {
          optOutWords: BUILT_IN_OPT_OUT,
          cooldownSeconds: DEFAULT_COOLDOWN_SECONDS,
          dailyCap: DEFAULT_DAILY_CAP,
          configured: false,
        };
  }

  /** Fields left out keep their saved value, or the default (opt-out words: today's and their translations). */
  async saveSettings(auth: AuthContext, body: AutomationSettingsBody): Promise<AutomationSettingsDto> {
    const businessId = businessOf(auth);
    const row = await this.deps.db.transaction(async (tx) => {
      const current = await findSettings(tx, businessId);
      const words = body.optOutWords ?? current?.optOutWords ?? [...DEFAULT_OPT_OUT_WORDS];
      const row = await saveSettings(tx, businessId, {
        optOutWords: [...new Set(words.map((w) => w.trim().replace(/\s+/g, ' ').toUpperCase()))],
        cooldownSeconds: body.cooldownSeconds ?? current?.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS,
        dailyCap: body.dailyCap ?? current?.dailyCap ?? DEFAULT_DAILY_CAP,
      });
      await recordAudit(tx, {
        businessId,
        actor: { accountId: auth.accountId, email: auth.email },
        action: 'automation_settings.updated',
        target: { type: 'business', id: businessId },
        details: { fields: Object.keys(body) },
      });
      return row;
    });
    invalidateAutomation(businessId);
    return {
      optOutWords: row.optOutWords,
      cooldownSeconds: row.cooldownSeconds,
      dailyCap: row.dailyCap,
      configured: true,
    };
  }

  /** The rule as it will be stored, its trigger's fields checked (400 naming the field); others cleared. */
  private async checked(businessId: string, v: RuleValues): Promise<RuleValues> {
    const out = { ...v };
    if (v.trigger === 'keyword') {
      if (!v.matchMode) throw ValidationError.field('matchMode', 'Required for a keyword rule');
      if (!v.pattern) throw ValidationError.field('pattern', 'Required for a keyword rule');
      if (v.matchMode === 'regex' && !compilePattern(v.pattern))
        throw ValidationError.field('pattern', 'Not a valid regular expression');
    } else {
      out.matchMode = null;
      out.pattern = null;
    }
    if (v.trigger === 'choice') {
      if (!v.choiceId) throw ValidationError.field('choiceId', 'Required for a choice rule');
    } else out.choiceId = null;
    if (v.activeFrom && v.activeUntil && v.activeFrom >= v.activeUntil)
      throw ValidationError.field('activeUntil', 'Must be after activeFrom');
    const reply = v.reply as { mediaKey?: string; templateId?: string };
    if (reply.mediaKey && !(await findBusinessUpload(this.deps.db, businessId, reply.mediaKey)))
      throw ValidationError.field('reply.mediaKey', 'No upload of this business has this key');
    if (reply.templateId) {
      const template = await findTemplateOfBusiness(this.deps.db, businessId, reply.templateId);
      if (!template)
        throw ValidationError.field('reply.templateId', 'No template of this business has this id');
    }
    return out;
  }

  private audit(
    tx: Db,
    auth: AuthContext,
    action: AuditAction,
    id: string,
    details: Record<string, unknown>,
  ) {
    return recordAudit(tx, {
      businessId: businessOf(auth),
      actor: { accountId: auth.accountId, email: auth.email },
      action,
      target: { type: 'automation_rule', id },
      details,
    });
  }
}

function toRuleDto(r: RuleRow): RuleDto {
  return {
    id: r.id,
    name: r.name,
    trigger: r.trigger,
    matchMode: r.matchMode,
    pattern: r.pattern,
    choiceId: r.choiceId,
    priority: r.priority,
    reply: r.reply,
    enabled: r.enabled,
    activeFrom: r.activeFrom?.toISOString() ?? null,
    activeUntil: r.activeUntil?.toISOString() ?? null,
    cooldownSeconds: r.cooldownSeconds,
    usesCount: r.usesCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
