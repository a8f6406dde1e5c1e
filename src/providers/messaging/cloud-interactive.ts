/**
 * The Cloud API's interactive messages (reply buttons and lists) and the limits Meta holds them to: the one
 * statement of those limits, read by the validation of rules and replies before they are stored and by the
 * Cloud sandbox, which refuses a payload breaking them as Meta does (error 131009, the parameter named).
 */
export const INTERACTIVE_LIMITS = {
  buttonsMin: 1,
  buttonsMax: 3,
  buttonId: 256,
  buttonTitle: 20,
  buttonsBody: 1024,
  listBody: 4096,
  header: 60,
  footer: 60,
  listButton: 20,
  sectionsMax: 10,
  rowsMin: 1,
  rowsMax: 10,
  rowTitle: 24,
  rowDescription: 72,
  sectionTitle: 24,
  rowId: 200,
} as const;

export interface InteractiveRow {
  id: string;
  title: string;
  description?: string;
}

/** The `interactive` object of a Cloud API message, as sent. */
export type CloudInteractive =
  | {
      type: 'button';
      header?: { type: 'text'; text: string };
      body: { text: string };
      footer?: { text: string };
      action: { buttons: { type: 'reply'; reply: { id: string; title: string } }[] };
    }
  | {
      type: 'list';
      header?: { type: 'text'; text: string };
      body: { text: string };
      footer?: { text: string };
      action: { button: string; sections: { title?: string; rows: InteractiveRow[] }[] };
    };

/** A refusal: the parameter (a path in the message) and why. */
export interface InteractiveProblem {
  path: string;
  message: string;
}

const L = INTERACTIVE_LIMITS;
type Unknown = Record<string, unknown>;
const o = (v: unknown): Unknown | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Unknown) : null;
const s = (v: unknown): string | null => (typeof v === 'string' ? v : null);
/** Length in characters (code points), as Meta counts them. */
const len = (v: string) => [...v].length;

/**
 * The first problem of an `interactive` object, its path from `interactive`; null when Meta would take it.
 * Reads any value (the sandbox checks what it is handed, typed or not).
 */
export function interactiveProblem(value: unknown): InteractiveProblem | null {
  const i = o(value);
  if (!i) return { path: 'interactive', message: 'Required' };
  const text = (v: unknown, path: string, max: number, required = true): InteractiveProblem | null => {
    const t = s(v);
    if (t === null || !t.trim())
      return required || v !== undefined ? { path, message: 'Required text' } : null;
    return len(t) > max ? { path, message: `At most ${max} characters` } : null;
  };
  const header = o(i.header);
  const common =
    (i.header !== undefined && header?.type !== 'text'
      ? { path: 'interactive.header.type', message: 'Only a text header is supported' }
      : null) ??
    (header ? text(header.text, 'interactive.header.text', L.header) : null) ??
    text(o(i.footer)?.text, 'interactive.footer.text', L.footer, i.footer !== undefined);
  const action = o(i.action);
  if (i.type === 'button') {
    const problem = text(o(i.body)?.text, 'interactive.body.text', L.buttonsBody) ?? common;
    if (problem) return problem;
    const buttons = Array.isArray(action?.buttons) ? action.buttons : null;
    if (!buttons || buttons.length < L.buttonsMin || buttons.length > L.buttonsMax)
      return {
        path: 'interactive.action.buttons',
        message: `Between ${L.buttonsMin} and ${L.buttonsMax} buttons`,
      };
    const ids = new Set<string>();
    const titles = new Set<string>();
    for (const [n, b] of buttons.entries()) {
      const at = `interactive.action.buttons[${n}]`;
      const reply = o(o(b)?.reply);
      if (o(b)?.type !== 'reply' || !reply) return { path: `${at}.type`, message: 'Must be reply' };
      const p =
        text(reply.id, `${at}.reply.id`, L.buttonId) ?? text(reply.title, `${at}.reply.title`, L.buttonTitle);
      if (p) return p;
      if (ids.has(reply.id as string))
        return { path: `${at}.reply.id`, message: 'Button ids must be unique' };
      if (titles.has(reply.title as string))
        return { path: `${at}.reply.title`, message: 'Button titles must be unique' };
      ids.add(reply.id as string);
      titles.add(reply.title as string);
    }
    return null;
  }
  if (i.type === 'list') {
    const problem =
      text(o(i.body)?.text, 'interactive.body.text', L.listBody) ??
      common ??
      text(action?.button, 'interactive.action.button', L.listButton);
    if (problem) return problem;
    const sections = Array.isArray(action?.sections) ? action.sections : null;
    if (!sections || sections.length < 1 || sections.length > L.sectionsMax)
      return { path: 'interactive.action.sections', message: `Between 1 and ${L.sectionsMax} sections` };
    const ids = new Set<string>();
    let total = 0;
    for (const [n, sec] of sections.entries()) {
      const at = `interactive.action.sections[${n}]`;
      const section = o(sec);
      const p = text(section?.title, `${at}.title`, L.sectionTitle, sections.length > 1);
      if (p) return p;
      const rows = Array.isArray(section?.rows) ? section.rows : null;
      if (!rows?.length) return { path: `${at}.rows`, message: 'At least one row' };
      for (const [r, row] of rows.entries()) {
        const rat = `${at}.rows[${r}]`;
        const item = o(row);
        const q =
          text(item?.id, `${rat}.id`, L.rowId) ??
          text(item?.title, `${rat}.title`, L.rowTitle) ??
          text(item?.description, `${rat}.description`, L.rowDescription, false);
        if (q) return q;
        if (ids.has(item!.id as string)) return { path: `${rat}.id`, message: 'Row ids must be unique' };
        ids.add(item!.id as string);
        if (++total > L.rowsMax)
          return { path: 'interactive.action.sections', message: `At most ${L.rowsMax} rows in all` };
      }
    }
    return null;
  }
  return { path: 'interactive.type', message: 'Must be button or list' };
}

/** What a channel without interactive messages (the gateway) sends instead: the body and numbered options. */
export function interactiveAsText(i: CloudInteractive): string {
  const options =
    i.type === 'button'
      ? i.action.buttons.map((b) => b.reply.title)
      : i.action.sections.flatMap((sec) => sec.rows.map((r) => r.title));
  return [i.header?.text, i.body.text, ...options.map((t, n) => `${n + 1}. ${t}`), i.footer?.text]
    .filter(Boolean)
    .join('\n');
}
