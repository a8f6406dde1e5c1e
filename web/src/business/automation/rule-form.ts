import type { AutomationRule, RuleBody } from '../../api/queries/automation';

/** `kept`: a reply the editor does not build (a media upload), sent on as it was stored. */
export type ReplyKind = 'text' | 'template' | 'buttons' | 'list' | 'kept';

/** The editor's values: flat, so each input has its own path for the API's errors. */
export interface RuleValues {
  name: string;
  trigger: AutomationRule['trigger'];
  matchMode: NonNullable<AutomationRule['matchMode']>;
  pattern: string;
  choiceId: string;
  priority: number;
  /** `datetime-local` values, in the browser's time zone; empty: no bound. */
  activeFrom: string;
  activeUntil: string;
  /** Minutes; empty: the business's cooldown. */
  cooldownMinutes: number | '';
  kind: ReplyKind;
  body: string;
  header: string;
  footer: string;
  templateId: string | null;
  buttons: { id: string; title: string }[];
  listButton: string;
  rows: { id: string; title: string; description: string }[];
  /** The stored reply, whose parts the editor has no inputs for (template variables, media) are kept. */
  stored: RuleBody['reply'] | null;
}

export const LIMITS = { buttons: 3, buttonTitle: 20, rows: 10, rowTitle: 24, rowDescription: 72, label: 20 };

export const EMPTY_RULE: RuleValues = {
  name: '',
  trigger: 'keyword',
  matchMode: 'contains',
  pattern: '',
  choiceId: '',
  priority: 0,
  activeFrom: '',
  activeUntil: '',
  cooldownMinutes: '',
  kind: 'text',
  body: '',
  header: '',
  footer: '',
  templateId: null,
  buttons: [{ id: 'option_1', title: '' }],
  listButton: '',
  rows: [{ id: 'row_1', title: '', description: '' }],
  stored: null,
};

const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);
const opt = (s: string) => (s.trim() ? s.trim() : undefined);

/** A stored rule in the editor's shape. */
export function fromRule(r: AutomationRule): RuleValues {
  const reply = r.reply as RuleBody['reply'];
  const i = reply.interactive;
  return {
    ...EMPTY_RULE,
    name: r.name,
    trigger: r.trigger,
    matchMode: r.matchMode ?? 'contains',
    pattern: r.pattern ?? '',
    choiceId: r.choiceId ?? '',
    priority: r.priority,
    activeFrom: toLocal(r.activeFrom),
    activeUntil: toLocal(r.activeUntil),
    cooldownMinutes: r.cooldownSeconds === null ? '' : Math.round(r.cooldownSeconds / 60),
    kind: i ? i.type : reply.templateId ? 'template' : reply.mediaKey ? 'kept' : 'text',
    body: i?.body ?? reply.text ?? '',
    header: i?.header ?? '',
    footer: i?.footer ?? '',
    templateId: reply.templateId ?? null,
    buttons: i?.type === 'buttons' ? i.buttons : EMPTY_RULE.buttons,
    listButton: i?.type === 'list' ? i.button : '',
    rows:
      i?.type === 'list'
        ? i.sections.flatMap((s) => s.rows.map((row) => ({ ...row, description: row.description ?? '' })))
        : EMPTY_RULE.rows,
    stored: reply,
  };
}

/** The API's body: the trigger's own fields only, the reply of the chosen kind. */
export function toBody(v: RuleValues): RuleBody {
  const common = { body: v.body, header: opt(v.header), footer: opt(v.footer) };
  const reply: RuleBody['reply'] =
    v.kind === 'text'
      ? { text: v.body }
      : v.kind === 'kept' && v.stored
        ? v.stored
        : v.kind === 'template'
          ? {
              templateId: v.templateId ?? '',
              // Variables set through the API stay while the template is the same one.
              ...(v.stored?.templateId === v.templateId && v.stored?.templateParameters
                ? { templateParameters: v.stored.templateParameters }
                : {}),
            }
          : v.kind === 'buttons'
            ? { interactive: { type: 'buttons', ...common, buttons: v.buttons } }
            : {
                interactive: {
                  type: 'list',
                  ...common,
                  button: v.listButton,
                  sections: [
                    {
                      rows: v.rows.map((r) => ({
                        id: r.id,
                        title: r.title,
                        description: opt(r.description),
                      })),
                    },
                  ],
                },
              };
  return {
    name: v.name,
    trigger: v.trigger,
    matchMode: v.trigger === 'keyword' ? v.matchMode : null,
    pattern: v.trigger === 'keyword' ? v.pattern : null,
    choiceId: v.trigger === 'choice' ? v.choiceId : null,
    priority: v.priority,
    activeFrom: toIso(v.activeFrom),
    activeUntil: toIso(v.activeUntil),
    cooldownSeconds: v.cooldownMinutes === '' ? null : v.cooldownMinutes * 60,
    reply,
  };
}

/**
 * Where an API error path lands in the editor: `reply.interactive.buttons.0.title` under that button's
 * title, `reply.interactive.sections.0.rows.2.title` under the third row (one section), `cooldownSeconds`
 * under the minutes.
 */
export function errorPath(path: string): string {
  return path
    .replace(/^reply\.interactive\.sections\.\d+\.rows/, 'rows')
    .replace(/^reply\.interactive\.sections.*/, 'rows')
    .replace(/^reply\.interactive\.button$/, 'listButton')
    .replace(/^reply\.interactive\./, '')
    .replace(/^reply\.(text|interactive)$/, 'body')
    .replace(/^reply\.templateId$/, 'templateId')
    .replace(/^reply$/, 'body')
    .replace(/^cooldownSeconds$/, 'cooldownMinutes');
}

/** The limits checked as the phone shows them, before the API is asked (it checks them again). */
export function validateRule(v: RuleValues): Record<string, string> {
  const e: Record<string, string> = {};
  const tooLong = (s: string, n: number) => (s.length > n ? `At most ${n} characters` : null);
  if (!v.name.trim()) e.name = 'Required';
  if (v.trigger === 'keyword' && !v.pattern.trim()) e.pattern = 'Required';
  if (v.trigger === 'choice' && !v.choiceId.trim()) e.choiceId = 'Required';
  if (v.kind === 'kept') {
    // Sent on as stored.
  } else if (v.kind === 'template') {
    if (!v.templateId) e.templateId = 'Choose a template';
  } else if (!v.body.trim()) e.body = 'Required';
  if (v.kind === 'buttons')
    v.buttons.forEach((b, n) => {
      const m = !b.title.trim() ? 'Required' : tooLong(b.title, LIMITS.buttonTitle);
      if (m) e[`buttons.${n}.title`] = m;
      if (!b.id.trim()) e[`buttons.${n}.id`] = 'Required';
    });
  if (v.kind === 'list') {
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
