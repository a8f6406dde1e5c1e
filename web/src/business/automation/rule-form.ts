import type { AutomationRule, RuleBody } from '../../api/queries/automation';
import {
  EMPTY_INTERACTIVE,
  fromInteractive,
  type InteractiveValues,
  interactiveErrorPath,
  toInteractive,
  validateInteractive,
} from '../interactive/interactive-form';

/** `kept`: a reply the editor does not build (a media upload), sent on as it was stored. */
export type ReplyKind = 'text' | 'template' | 'buttons' | 'list' | 'kept';

/** The editor's values: flat, so each input has its own path for the API's errors. */
export interface RuleValues extends InteractiveValues {
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
  templateId: string | null;
  /** The stored reply, whose parts the editor has no inputs for (template variables, media) are kept. */
  stored: RuleBody['reply'] | null;
}

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
  ...EMPTY_INTERACTIVE,
  templateId: null,
  stored: null,
};

const toLocal = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

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
    ...(i ? fromInteractive(i) : { body: reply.text ?? '' }),
    templateId: reply.templateId ?? null,
    stored: reply,
  };
}

/** The API's body: the trigger's own fields only, the reply of the chosen kind. */
export function toBody(v: RuleValues): RuleBody {
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
          : { interactive: toInteractive(v) };
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
  return interactiveErrorPath(path, 'reply.interactive')
    .replace(/^reply\.text$/, 'body')
    .replace(/^reply\.templateId$/, 'templateId')
    .replace(/^reply$/, 'body')
    .replace(/^cooldownSeconds$/, 'cooldownMinutes');
}

/** What is checked before the API is asked (it checks everything again): the trigger's fields, the reply's. */
export function validateRule(v: RuleValues): Record<string, string> {
  const e: Record<string, string> = {};
  if (!v.name.trim()) e.name = 'Required';
  if (v.trigger === 'keyword' && !v.pattern.trim()) e.pattern = 'Required';
  if (v.trigger === 'choice' && !v.choiceId.trim()) e.choiceId = 'Required';
  if (v.kind === 'template') {
    if (!v.templateId) e.templateId = 'Choose a template';
  } else if (v.kind === 'text' && !v.body.trim()) e.body = 'Required';
  return { ...e, ...validateInteractive(v) };
}
