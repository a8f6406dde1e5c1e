import { z } from 'zod';

/** The text form of a PostgreSQL `uuid` (any version; `z.guid` checks the same): what the database accepts. */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a row at all; anything else would be a database cast error, never a match. */
export const isUuid = (id: string): boolean => UUID_TEXT.test(id);

/**
 * An id in a path. Not a UUID: 400 naming `id` (validation, before any query); a UUID that names nothing,
 * or a row of another tenant: the service's 404. The rule of every path id (docs/module-guide.md) except
 * those under `lookupIdParams`.
 */
export const idParams = z.object({ id: z.guid('Must be a UUID') });

/**
 * The contact and campaign paths, whose clients were promised one answer for any id that finds nothing:
 * any text passes, and the service answers 404 for one that is not a UUID (`isUuid`) exactly as for an
 * unknown id or another tenant's.
 */
export const lookupIdParams = z.object({ id: z.string().min(1) });
