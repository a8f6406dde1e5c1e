import type { AppDeps } from '../../../deps.js';
import { type AuthContext, businessOf } from '../../../platform/auth/principal.js';
import { NotFoundError, StateConflictError } from '../../../platform/http/errors.js';
import { isUuid } from '../../../platform/http/id-params.js';
import { toPage } from '../../../platform/http/pagination.js';
import { actorOf, recordAudit } from '../../audit/index.js';
import type { SegmentFilter } from './segment-filter.js';
import { compileFilter, segmentCondition } from './segment-query.js';
import {
  campaignsWaitingOn,
  countMatching,
  deleteSegment,
  findSegment,
  insertSegment,
  listSegments,
  type SegmentRow,
  updateSegment,
} from './segments.repository.js';
import type { CreateSegmentInput, ListSegmentsQuery, UpdateSegmentInput } from './segments.schemas.js';

function toSegmentDto(row: SegmentRow) {
  return {
    id: row.id,
    name: row.name,
    filter: row.filter as SegmentFilter,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class SegmentsService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async list(auth: AuthContext, q: ListSegmentsQuery) {
    const { rows, total } = await listSegments(this.deps.db, businessOf(auth), q);
    return toPage(rows.map(toSegmentDto), total, q);
  }

  async get(auth: AuthContext, id: string) {
    return toSegmentDto(await this.mustFind(businessOf(auth), id));
  }

  async create(auth: AuthContext, input: CreateSegmentInput) {
    const businessId = businessOf(auth);
    // Checked against the business's fields and campaigns before it is kept: a saved segment always compiles.
    await compileFilter(this.deps.db, businessId, input.filter, { path: 'filter' });
    const row = await this.deps.db.transaction(async (tx) => {
      const created = await insertSegment(tx, businessId, input);
      await audit(tx, auth, 'segment.created', created.id);
      return created;
    });
    return toSegmentDto(row);
  }

  async update(auth: AuthContext, id: string, input: UpdateSegmentInput) {
    const businessId = businessOf(auth);
    const current = await this.mustFind(businessId, id);
    if (input.filter) await compileFilter(this.deps.db, businessId, input.filter, { path: 'filter' });
    const patch = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.filter !== undefined && { filter: input.filter }),
    };
    if (!Object.keys(patch).length) return toSegmentDto(current);
    const row = await this.deps.db.transaction(async (tx) => {
      const updated = await updateSegment(tx, businessId, id, patch);
      if (!updated) throw new NotFoundError('Segment');
      await audit(tx, auth, 'segment.updated', id, { fields: Object.keys(patch).sort() });
      return updated;
    });
    return toSegmentDto(row);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const businessId = businessOf(auth);
    await this.deps.db.transaction(async (tx) => {
      // A campaign still to go out evaluates the segment then: it must still be there.
      const waiting = await campaignsWaitingOn(tx, businessId, id);
      if (waiting.length)
        throw new StateConflictError(
          `The segment is the audience of campaigns not sent yet (${waiting.slice(0, 5).join(', ')})`,
          { campaigns: waiting },
        );
      if (!(await deleteSegment(tx, businessId, id))) throw new NotFoundError('Segment');
      await audit(tx, auth, 'segment.deleted', id);
    });
  }

  /** A saved segment's counts now. */
  async count(auth: AuthContext, id: string) {
    const businessId = businessOf(auth);
    return countMatching(this.deps.db, await segmentCondition(this.deps.db, businessId, id));
  }

  /** An unsaved filter's counts now (the filter builder's live count). */
  async preview(auth: AuthContext, filter: SegmentFilter) {
    const businessId = businessOf(auth);
    return countMatching(
      this.deps.db,
      await compileFilter(this.deps.db, businessId, filter, { path: 'filter' }),
    );
  }

  private async mustFind(businessId: string, id: string): Promise<SegmentRow> {
    const row = isUuid(id) ? await findSegment(this.deps.db, businessId, id) : null;
    if (!row) throw new NotFoundError('Segment');
    return row;
  }
}

function audit(
  tx: AppDeps['db'],
  auth: AuthContext,
  action: 'segment.created' | 'segment.updated' | 'segment.deleted',
  id: string,
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    businessId: businessOf(auth),
    actor: actorOf(auth),
    action,
    target: { type: 'segment', id },
    details,
  });
}
