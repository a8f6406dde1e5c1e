import { stringify } from 'csv-stringify/sync';
import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { ValidationError } from '../../platform/http/errors.js';
import { type PageQuery, toPage } from '../../platform/http/pagination.js';
import { type AuditFilters, type AuditRow, allAudit, listAudit } from './audit.repository.js';

/** At most this many entries in one CSV export: narrow the dates for more. */
export const AUDIT_EXPORT_MAX = 50_000;

interface FilterInput {
  actorId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function filtersOf(q: FilterInput): AuditFilters {
  const from = q.from ? new Date(q.from) : undefined;
  const to = q.to ? new Date(q.to) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw ValidationError.field('to', 'Must be after `from`');
  return { actorId: q.actorId, action: q.action, from, to };
}

export function toAuditDto(r: AuditRow) {
  return {
    id: r.id,
    actorId: r.actorId,
    actorEmail: r.actorEmail,
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A spreadsheet must not run a cell as a formula. */
const safeCell = (v: string | null) => (v && /^[=+\-@\t\r]/.test(v) ? `'${v}` : (v ?? ''));

/** The audit log of a business (docs/api.md "Audit log"): its owner and admins, and platform administrators. */
export class AuditService {
  constructor(private readonly deps: AppDeps) {}

  async list(auth: AuthContext, q: PageQuery & FilterInput) {
    return this.listFor(businessOf(auth), q);
  }

  async listFor(businessId: string, q: PageQuery & FilterInput) {
    const { rows, total } = await listAudit(this.deps.db, businessId, filtersOf(q), q);
    return toPage(rows.map(toAuditDto), total, q);
  }

  async exportCsv(auth: AuthContext, q: FilterInput): Promise<{ body: string; count: number }> {
    const rows = await allAudit(this.deps.db, businessOf(auth), filtersOf(q), AUDIT_EXPORT_MAX);
    const records = rows.map((r) => [
      r.createdAt.toISOString(),
      safeCell(r.actorEmail),
      r.actorId ?? '',
      r.action,
      r.targetType ?? '',
      r.targetId ?? '',
      safeCell(JSON.stringify(r.details)),
    ]);
    const body = stringify(
      [['createdAt', 'actorEmail', 'actorId', 'action', 'targetType', 'targetId', 'details'], ...records],
      {
        record_delimiter: 'windows',
      },
    );
    return { body, count: rows.length };
  }
}
