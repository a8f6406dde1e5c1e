import type { AppDeps } from '../../../deps.js';
import { type AuthContext, businessOf } from '../../../platform/auth/principal.js';
import { isUniqueViolation } from '../../../platform/db/errors.js';
import {
  ConflictError,
  NotFoundError,
  StateConflictError,
  ValidationError,
} from '../../../platform/http/errors.js';
import { isUuid } from '../../../platform/http/id-params.js';
import { actorOf, recordAudit } from '../../audit/index.js';
import { segmentsUsingField } from '../segments/segments.repository.js';
import {
  deleteFieldDefinition,
  type FieldDefinitionRow,
  findFieldDefinition,
  insertFieldDefinition,
  listFieldDefinitions,
  lockFieldDefinitions,
  removeFieldValues,
  updateFieldDefinition,
  valuesOutsideChoices,
} from './field-definitions.repository.js';
import type { CreateFieldInput, UpdateFieldInput } from './field-definitions.schemas.js';
import { FIELDS_MAX } from './field-types.js';

export function toFieldDto(row: FieldDefinitionRow) {
  return {
    id: row.id,
    key: row.key,
    label: row.label,
    type: row.type,
    choices: row.choices,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class FieldDefinitionsService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async list(auth: AuthContext) {
    const rows = await listFieldDefinitions(this.deps.db, businessOf(auth));
    return { items: rows.map(toFieldDto), max: FIELDS_MAX };
  }

  async create(auth: AuthContext, input: CreateFieldInput) {
    const businessId = businessOf(auth);
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        if ((await lockFieldDefinitions(tx, businessId)) >= FIELDS_MAX)
          throw ValidationError.field('key', `A business may have at most ${FIELDS_MAX} contact fields`);
        const created = await insertFieldDefinition(tx, businessId, {
          key: input.key,
          label: input.label,
          type: input.type,
          choices: input.choices ?? null,
        });
        await audit(tx, auth, 'contact_field.created', created.id, { key: created.key, type: created.type });
        return created;
      });
      return toFieldDto(row);
    } catch (err) {
      if (isUniqueViolation(err))
        throw new ConflictError('A contact field with this key already exists', {
          fields: [{ path: 'key', message: 'Already used by another field' }],
        });
      throw err;
    }
  }

  async update(auth: AuthContext, id: string, input: UpdateFieldInput) {
    const businessId = businessOf(auth);
    if (!isUuid(id)) throw new NotFoundError('Contact field');
    const row = await this.deps.db.transaction(async (tx) => {
      await lockFieldDefinitions(tx, businessId);
      const current = await findFieldDefinition(tx, businessId, id);
      if (!current) throw new NotFoundError('Contact field');
      if (input.choices && current.type !== 'choice')
        throw ValidationError.field('choices', 'Only a choice field has choices');
      // A choice still held by contacts cannot go: their value would stop being one the field allows.
      if (input.choices && (await valuesOutsideChoices(tx, businessId, current.key, input.choices)) > 0)
        throw ValidationError.field('choices', 'Some contacts hold a choice this list leaves out');
      const updated = await updateFieldDefinition(tx, businessId, id, input);
      await audit(tx, auth, 'contact_field.updated', id, { fields: Object.keys(input).sort() });
      return updated!;
    });
    return toFieldDto(row);
  }

  /** The definition and every contact's value of it go together (decisions: segments.md). */
  async remove(auth: AuthContext, id: string): Promise<void> {
    const businessId = businessOf(auth);
    await this.deps.db.transaction(async (tx) => {
      await lockFieldDefinitions(tx, businessId);
      const current = await findFieldDefinition(tx, businessId, id);
      if (!current) throw new NotFoundError('Contact field');
      // A saved segment must keep compiling (a scheduled campaign evaluates it when it goes out).
      const users = await segmentsUsingField(tx, businessId, current.key);
      if (users.length)
        throw new StateConflictError(
          `The field is used by the segments ${users.slice(0, 5).join(', ')}: change them first`,
          {
            segments: users,
          },
        );
      const removed = await deleteFieldDefinition(tx, businessId, id);
      if (!removed) throw new NotFoundError('Contact field');
      const values = await removeFieldValues(tx, businessId, removed.key);
      await audit(tx, auth, 'contact_field.deleted', id, { key: removed.key, values });
    });
  }
}

function audit(
  tx: AppDeps['db'],
  auth: AuthContext,
  action: 'contact_field.created' | 'contact_field.updated' | 'contact_field.deleted',
  id: string,
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    businessId: businessOf(auth),
    actor: actorOf(auth),
    action,
    target: { type: 'contact_field', id },
    details,
  });
}
