import type { Body } from '../../api/types';

/** Reply buttons or a list as the API takes them, on a member's reply and on an automation rule's. */
export type InteractiveBody = NonNullable<Body<'/api/v1/conversations/{id}/messages', 'post'>['interactive']>;

/**
 * The inputs of an interactive message, flat so each has its own path for the API's errors: shared by the
 * automation rule editor and the inbox composer (each form adds its own fields around them).
 */
export interface InteractiveValues {
  /** `buttons` or `list` for an interactive message; a form may use other kinds of its own. */
  kind: string;
  body: string;
  header: string;
  footer: string;
  buttons: { id: string; title: string }[];
  listButton: string;
  rows: { id: string; title: string; description: string }[];
}

/** WhatsApp's limits, as the inputs count them (the API checks them all again). */
export const LIMITS = {
  buttons: 3,
  buttonTitle: 20,
  rows: 10,
  rowTitle: 24,
  rowDescription: 72,
  label: 20,
  header: 60,
  footer: 60,
};

export const EMPTY_INTERACTIVE: Omit<InteractiveValues, 'kind'> = {
  body: '',
  header: '',
  footer: '',
  buttons: [{ id: 'option_1', title: '' }],
  listButton: '',
  rows: [{ id: 'row_1', title: '', description: '' }],
};

const opt = (s: string) => (s.trim() ? s.trim() : undefined);

/** The API's `interactive` of the values (`kind` buttons or list; a list is one section). */
export function toInteractive(v: InteractiveValues): InteractiveBody {
  const common = { body: v.body, header: opt(v.header), footer: opt(v.footer) };
  if (v.kind === 'buttons') return { type: 'buttons', ...common, buttons: v.buttons };
  return {
    type: 'list',
    ...common,
    button: v.listButton,
    sections: [{ rows: v.rows.map((r) => ({ id: r.id, title: r.title, description: opt(r.description) })) }],
  };
}

/** A stored `interactive` in the inputs' shape (its sections' rows in one list). */
export function fromInteractive(i: InteractiveBody): Omit<InteractiveValues, 'kind'> {
  return {
    body: i.body,
    header: i.header ?? '',
    footer: i.footer ?? '',
    buttons: i.type === 'buttons' ? i.buttons : EMPTY_INTERACTIVE.buttons,
    listButton: i.type === 'list' ? i.button : '',
    rows:
      i.type === 'list'
        ? i.sections.flatMap((s) => s.rows.map((row) => ({ ...row, description: row.description ?? '' })))
        : EMPTY_INTERACTIVE.rows,
  };
}

/**
 * Where an API error path under `prefix` (`interactive`, `reply.interactive`) lands among the inputs:
 * `<prefix>.buttons.0.title` under that button's title, `<prefix>.sections.0.rows.2.title` under the third
 * row (one section), `<prefix>.button` under the list's label, `<prefix>` itself under the message.
 * Other paths are returned as they are.
 */
export function interactiveErrorPath(path: string, prefix: string): string {
  if (path === prefix) return 'body';
  if (!path.startsWith(`${prefix}.`)) return path;
  return path
    .slice(prefix.length + 1)
    .replace(/^sections\.\d+\.rows/, 'rows')
    .replace(/^sections.*/, 'rows')
    .replace(/^button$/, 'listButton');
}

/** The limits checked as the phone shows them, before the API is asked (body, buttons or rows). */
export function validateInteractive(v: InteractiveValues): Record<string, string> {
  const e: Record<string, string> = {};
  const tooLong = (s: string, n: number) => ([...s].length > n ? `At most ${n} characters` : null);
  if (v.kind !== 'buttons' && v.kind !== 'list') return e;
  if (!v.body.trim()) e.body = 'Required';
  const header = tooLong(v.header.trim(), LIMITS.header);
  if (header) e.header = header;
  const footer = tooLong(v.footer.trim(), LIMITS.footer);
  if (footer) e.footer = footer;
  if (v.kind === 'buttons')
    v.buttons.forEach((b, n) => {
      const m = !b.title.trim() ? 'Required' : tooLong(b.title, LIMITS.buttonTitle);
      if (m) e[`buttons.${n}.title`] = m;
      if (!b.id.trim()) e[`buttons.${n}.id`] = 'Required';
    });
  else {
    const m = !v.listButton.trim() ? 'Required' : tooLong(v.listButton, LIMITS.label);
    if (m) e.listButton = m;
    v.rows.forEach((r, n) => {
      const t = !r.title.trim() ? 'Required' : tooLong(r.title, LIMITS.rowTitle);
      if (t) e[`rows.${n}.title`] = t;
      const d = tooLong(r.description, LIMITS.rowDescription);
      if (d) e[`rows.${n}.description`] = d;
      if (!r.id.trim()) e[`rows.${n}.id`] = 'Required';
    });
  }
  return e;
}
