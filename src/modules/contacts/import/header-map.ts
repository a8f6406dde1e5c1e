import { ValidationError } from '../../../platform/http/errors.js';
import { unescapeCell } from '../spreadsheet-cells.js';

type Field = 'firstName' | 'lastName' | 'phoneNumber' | 'tags' | 'optIn' | 'fullName';

/** Header spellings, compared without case, spaces, dashes or underscores (`First Name` = `first_name`). */
const ALIASES: Record<Field, readonly string[]> = {
  firstName: ['firstname', 'first', 'fname', 'givenname', 'forename'],
  lastName: ['lastname', 'last', 'lname', 'surname', 'familyname'],
  phoneNumber: [
    'phonenumber',
    'phone',
    'phoneno',
    'mobile',
    'mobilenumber',
    'mobileno',
    'cellphone',
    'msisdn',
    'whatsapp',
    'whatsappnumber',
    'telephone',
    'tel',
    'number',
  ],
  tags: ['tags', 'tag', 'labels', 'groups'],
  optIn: ['optin', 'optedin', 'subscribed', 'consent'],
  fullName: ['name', 'fullname', 'contactname'],
};

/** Each spelling's field and rank: an earlier alias wins over a later one (`phone` over a bare `number`). */
const FIELD_OF = new Map<string, { field: Field; rank: number }>(
  Object.entries(ALIASES).flatMap(([field, names]) =>
    names.map((n, rank) => [n, { field: field as Field, rank }] as const),
  ),
);

const squash = (header: string) =>
  unescapeCell(header)
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_\-.]/g, '');

export type ColumnMap = Partial<Record<Field, number>> & {
  /** Contact fields by key: a column headed with the field's key or its label (a built-in name wins). */
  fields?: Record<string, number>;
};

/**
 * Finds each contact field's column in a header row: the most specific spelling wins, then the leftmost
 * column; unknown columns are ignored. Without a phone column nothing can be imported: a 400 that names the
 * accepted headers and the ones found.
 */
export function mapHeader(
  cells: readonly string[],
  defs: readonly { key: string; label: string }[] = [],
): ColumnMap {
  const columns: ColumnMap = {};
  const rankOf: Partial<Record<Field, number>> = {};
  const fieldOf = new Map<string, string>();
  for (const d of defs) fieldOf.set(squash(d.label), d.key);
  for (const d of defs) fieldOf.set(squash(d.key), d.key);
  cells.forEach((cell, index) => {
    const match = FIELD_OF.get(squash(cell));
    if (!match) {
      const key = fieldOf.get(squash(cell));
      if (key !== undefined && columns.fields?.[key] === undefined)
        columns.fields = { ...columns.fields, [key]: index };
      return;
    }
    const best = rankOf[match.field];
    if (best === undefined || match.rank < best) {
      columns[match.field] = index;
      rankOf[match.field] = match.rank;
    }
  });
  if (columns.phoneNumber === undefined) {
    const found = cells
      .map((c) => c.trim())
      .filter(Boolean)
      .slice(0, 20);
    throw new ValidationError(
      'The file has no phone number column: name one phoneNumber, phone or Phone Number in the header row' +
        (found.length ? ` (found: ${found.join(', ')})` : ''),
      [{ path: 'fileUrl', message: 'No phone number column in the header row' }],
    );
  }
  return columns;
}

/** One data row as the fields a contact row is validated from; a `name` column fills missing first/last names. */
export function rowFromCells(
  cells: readonly string[],
  columns: ColumnMap,
): Record<string, string | undefined | Record<string, string>> {
  const cell = (i: number | undefined) => (i === undefined ? undefined : unescapeCell(cells[i] ?? ''));
  let firstName = cell(columns.firstName);
  let lastName = cell(columns.lastName);
  if (columns.fullName !== undefined && (columns.firstName === undefined || columns.lastName === undefined)) {
    const [first = '', ...rest] = (cell(columns.fullName) ?? '').trim().split(/\s+/);
    if (columns.firstName === undefined) firstName = first;
    if (columns.lastName === undefined) lastName = rest.join(' ');
  }
  return {
    firstName,
    lastName,
    phoneNumber: cell(columns.phoneNumber),
    tags: cell(columns.tags),
    optIn: cell(columns.optIn),
    ...(columns.fields && {
      fields: Object.fromEntries(Object.entries(columns.fields).map(([k, i]) => [k, cell(i) ?? ''])),
    }),
  };
}

export function isBlankRow(cells: readonly string[]): boolean {
  return cells.every((c) => c.trim() === '');
}
