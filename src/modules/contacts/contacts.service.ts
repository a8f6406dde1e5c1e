import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/http/errors.js';
import { isUuid } from '../../platform/http/id-params.js';
import { pageOffset, toPage } from '../../platform/http/pagination.js';
import { type AuditAction, actorOf, recordAudit } from '../audit/index.js';
import { enqueueWebhookEvents } from '../webhook-endpoints/index.js';
import { tagCounts } from './contact-audience.js';
import { normaliseTags, TAGS_MAX, tagsProblem } from './contact-fields.js';
import { contactCreatedEvent, contactOptedOutEvent } from './contact-webhooks.js';
import {
  addTagsWhere,
  businessCountry,
  type ContactFilters,
  type ContactRow,
  contactsByIds,
  countContacts,
  deleteContact,
  deleteContacts,
  estimateContacts,
  fieldsPatch,
  findContact,
  insertContact,
  listContacts,
  lockContactOptIn,
  pageOfFirstMatches,
  updateContact,
} from './contacts.repository.js';
import type { CreateContactInput, ListContactsQuery, UpdateContactInput } from './contacts.schemas.js';
import { fieldDefinitionsOf } from './custom-fields/field-definitions.repository.js';
import { checkFields } from './custom-fields/field-types.js';
import { countryOfPhone, toE164 } from './phone.js';
import { audienceCondition } from './segments/segment-query.js';

export function toContactDto(row: ContactRow) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
    // Derived from the phone when the backfill has not reached the row yet.
    countryCode: row.countryCode ?? countryOfPhone(row.phoneNumber),
    tags: row.tags,
    optIn: row.optIn,
    optOutReason: row.optOutReason,
    fields: row.fields,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Totals of the plain and opt-in lists are always exact (kept counts). A search or tag total is exact up to
 * this many matches, each of which is rechecked; past it the list answers the planner's estimate and says
 * so (`totalIsEstimate`), so its cost is bounded by the cap, not by the business's size.
 */
export const EXACT_TOTAL_CAP_SEARCH = 1_000;

/** A phone and the country it prices messages by, always written together. */
const phoneFields = (phoneNumber: string) => ({ phoneNumber, countryCode: countryOfPhone(phoneNumber) });

const duplicatePhone = () =>
  new ConflictError('A contact with this phone number already exists', {
    fields: [{ path: 'phoneNumber', message: 'Already used by another contact' }],
  });

export class ContactsService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async list(auth: AuthContext, q: ListContactsQuery) {
    const businessId = businessOf(auth);
    const db = this.deps.db;
    const filters: ContactFilters = {
      search: q.search || undefined,
      optIn: q.optIn,
      tag: q.tag,
      country: q.country,
      where: await audienceCondition(db, businessId, q),
    };
    const page = { limit: q.pageSize, offset: pageOffset(q) };
    if (!filters.search && !filters.tag && !filters.country && !filters.where) {
      const [rows, total] = await Promise.all([
        listContacts(db, businessId, filters, page),
        countContacts(db, businessId, filters.optIn),
      ]);
      return { ...toPage(rows.map(toContactDto), total, q), totalIsEstimate: false };
    }
    // Search, tag and segment matches are rechecked row by row: the first `cap + 1` answer a rare term exactly, and
    // only a common one needs the ordered list, with the planner's estimate as its total.
    const cap = EXACT_TOTAL_CAP_SEARCH;
    const first = await pageOfFirstMatches(db, businessId, filters, page, cap);
    if (first.total <= cap) {
      const rows = await contactsByIds(db, businessId, first.ids);
      return { ...toPage(rows.map(toContactDto), first.total, q), totalIsEstimate: false };
    }
    const [rows, estimate] = await Promise.all([
      listContacts(db, businessId, filters, page),
      estimateContacts(db, businessId, filters),
    ]);
    // Never below what is certainly there.
    const total = Math.max(cap + 1, estimate, page.offset + rows.length);
    return { ...toPage(rows.map(toContactDto), total, q), totalIsEstimate: true };
  }

  /** The business's tags, each with its contact and opted-in counts, most used first. */
  tags(auth: AuthContext) {
    return tagCounts(this.deps.db, businessOf(auth));
  }

  async get(auth: AuthContext, id: string) {
    return toContactDto(await this.mustFind(businessOf(auth), id));
  }

  async create(auth: AuthContext, input: CreateContactInput) {
    const businessId = businessOf(auth);
    const phoneNumber = await this.normalisePhone(businessId, input.phoneNumber);
    const values = input.fields ? await this.checkedFields(businessId, input.fields) : undefined;
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        const created = await insertContact(tx, businessId, {
          firstName: input.firstName,
          lastName: input.lastName,
          phoneNumber,
          countryCode: countryOfPhone(phoneNumber),
          tags: checkedTags(input.tags ?? []),
          optIn: input.optIn ?? false,
          ...(values && { fields: values.set }),
        });
        await audit(tx, auth, 'contact.created', created.id);
        await enqueueWebhookEvents(tx, businessId, [contactCreatedEvent(created, 'api')]);
        return created;
      });
      return toContactDto(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicatePhone();
      throw err;
    }
  }

  async update(auth: AuthContext, id: string, input: UpdateContactInput) {
    const businessId = businessOf(auth);
    const current = await this.mustFind(businessId, id);
    const patch = {
      ...(input.firstName !== undefined && { firstName: input.firstName }),
      ...(input.lastName !== undefined && { lastName: input.lastName }),
      ...(input.phoneNumber !== undefined &&
        phoneFields(await this.normalisePhone(businessId, input.phoneNumber))),
      ...(input.tags !== undefined && { tags: checkedTags(input.tags) }),
      ...(input.optIn !== undefined && { optIn: input.optIn }),
      ...(input.fields !== undefined && (await this.fieldsChange(businessId, input.fields))),
    };
    if (Object.keys(patch).length === 0) return toContactDto(current);
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        // Read under the row's lock: a concurrent change of consent cannot make two opt-outs of one.
        const wasOptedIn = patch.optIn === false ? await lockContactOptIn(tx, businessId, id) : null;
        const updated = await updateContact(tx, businessId, id, patch);
        if (!updated) throw new NotFoundError('Contact');
        await audit(tx, auth, 'contact.updated', id, { fields: Object.keys(patch).sort() });
        if (wasOptedIn && !updated.optIn)
          await enqueueWebhookEvents(tx, businessId, [contactOptedOutEvent(updated, null)]);
        return updated;
      });
      return toContactDto(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicatePhone();
      throw err;
    }
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const businessId = businessOf(auth);
    if (!isUuid(id)) throw new NotFoundError('Contact');
    await this.deps.db.transaction(async (tx) => {
      if (!(await deleteContact(tx, businessId, id))) throw new NotFoundError('Contact');
      await audit(tx, auth, 'contact.deleted', id);
    });
  }

  async bulkDelete(auth: AuthContext, ids: string[]) {
    const businessId = businessOf(auth);
    const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
    const deleted = await this.deps.db.transaction(async (tx) => {
      const n = await deleteContacts(tx, businessId, unique);
      // Ids only in counts: the log is kept a year, longer than a deleted contact's details should be.
      if (n > 0)
        await recordAudit(tx, {
          businessId,
          actor: actorOf(auth),
          action: 'contacts.deleted',
          details: { deleted: n, requested: unique.length },
        });
      return n;
    });
    return { deleted };
  }

  /**
   * Adds tags to the contacts of a segment or an unsaved filter, in one statement; the entry counts them
   * (contacts are not named, as for a bulk delete).
   */
  async bulkTag(auth: AuthContext, input: { tags: string[]; segmentId?: string; filter?: unknown }) {
    const businessId = businessOf(auth);
    const tags = checkedTags(input.tags);
    const where = await audienceCondition(this.deps.db, businessId, input);
    const tagged = await this.deps.db.transaction(async (tx) => {
      const n = await addTagsWhere(tx, where!, tags, TAGS_MAX);
      await recordAudit(tx, {
        businessId,
        actor: actorOf(auth),
        action: 'contacts.tagged',
        details: { tagged: n, tags, segmentId: input.segmentId ?? null, filter: input.filter !== undefined },
      });
      return n;
    });
    return { tagged };
  }

  /** Field values checked against the business's definitions: a 400 naming `fields.<key>` for each problem. */
  private async checkedFields(businessId: string, input: Record<string, unknown>) {
    const result = checkFields(await fieldDefinitionsOf(this.deps.db, businessId), input);
    if (result.problems.length)
      throw new ValidationError(
        `fields.${result.problems[0]!.key}: ${result.problems[0]!.reason}`,
        result.problems.map((p) => ({ path: `fields.${p.key}`, message: p.reason })),
      );
    return result;
  }

  private async fieldsChange(businessId: string, input: Record<string, unknown>) {
    const { set, unset } = await this.checkedFields(businessId, input);
    return { fields: fieldsPatch(set, unset) };
  }

  private async mustFind(businessId: string, id: string): Promise<ContactRow> {
    // An id that is not a UUID names no contact: the same 404 as another business's contact.
    const row = isUuid(id) ? await findContact(this.deps.db, businessId, id) : null;
    if (!row) throw new NotFoundError('Contact');
    return row;
  }

  private async normalisePhone(businessId: string, input: string): Promise<string> {
    const country = await businessCountry(this.deps.db, businessId);
    const e164 = toE164(input, country);
    if (!e164) {
      const hint = country ? '' : ' (write it with its country code, e.g. +2348031234567)';
      throw ValidationError.field('phoneNumber', `Not a valid phone number${hint}`);
    }
    return e164;
  }
}

function checkedTags(tags: readonly string[]): string[] {
  const normalised = normaliseTags(tags);
  const problem = tagsProblem(normalised);
  if (problem) throw ValidationError.field('tags', problem);
  return normalised;
}

/**
 * A member's change of one contact, in the change's transaction: the contact's id, never its name or number
 * (the log is kept a year; a deleted contact's details must not outlive it there).
 */
function audit(
  tx: AppDeps['db'],
  auth: AuthContext,
  action: AuditAction,
  contactId: string,
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    businessId: businessOf(auth),
    actor: actorOf(auth),
    action,
    target: { type: 'contact', id: contactId },
    details,
  });
}
