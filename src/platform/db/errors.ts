/**
 * Reading database errors the same way on both drivers. Drizzle wraps the driver's error (PGlite's or
 * node-postgres's) and keeps it as `cause`, so each field is looked for on the error and on its cause.
 */
type DbErrorFields = { code?: unknown; constraint?: unknown };
const fieldsOf = (err: unknown): [DbErrorFields, DbErrorFields] => {
  const e = (err ?? {}) as DbErrorFields & { cause?: DbErrorFields };
  return [e, e.cause ?? {}];
};
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The SQLSTATE of a database error, without its message (which may quote the values written). */
export function sqlState(err: unknown): string | undefined {
  const [outer, cause] = fieldsOf(err);
  return text(outer.code) ?? text(cause.code);
}

/**
 * The constraint a unique violation (SQLSTATE 23505) broke ('' when the driver does not name it), or null
 * for any other error. Services turn it into a ConflictError (400) naming what is already taken.
 */
export function uniqueViolation(err: unknown): string | null {
  if (sqlState(err) !== '23505') return null;
  const [outer, cause] = fieldsOf(err);
  return text(outer.constraint) ?? text(cause.constraint) ?? '';
}

/** A unique index refused the write, whichever index it was. */
export function isUniqueViolation(err: unknown): boolean {
  return uniqueViolation(err) !== null;
}

/**
 * Why a write failed, in words safe to store beside the event and show to an operator: a database error by
 * its SQLSTATE only (its message may quote the values written, a contact's words among them), any other
 * error by its message.
 */
export function failureReason(err: unknown): string {
  const state = sqlState(err);
  if (state) return `The database refused the write (SQLSTATE ${state})`;
  return err instanceof Error ? err.message : String(err);
}
