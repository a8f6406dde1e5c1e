import type {
  TemplateSend,
  TemplateSendComponent,
  TemplateSendParameter,
} from '../../providers/messaging/messaging.port.js';
import { type TemplateNeeds, type TemplateShape, templateNeeds } from './template-needs.js';
import type { TemplateParameter, TemplateParameterList, TemplateParameters } from './templates.schemas.js';

export { type TemplateNeeds, type TemplateShape, templateNeeds } from './template-needs.js';

/** The provider's limit on a coupon code or a one-time password. */
export const CODE_MAX = 15;

type Problem = { path: string; message: string };

/**
 * What a campaign's (or a reply's) parameters leave unfilled, or fill beyond the template, as field paths and
 * words: empty when the template can be sent with them. A template the service cannot send at all is one
 * problem naming `templateId`. Checked at publish and reply (400 naming what is missing).
 */
export function parameterProblems(
  template: TemplateShape & { name?: string },
  params: TemplateParameters | null | undefined,
): Problem[] {
  const needs = templateNeeds(template);
  if (needs.unsendable)
    return [
      {
        path: 'templateId',
        message: `The template ${template.name ?? ''} cannot be sent: ${needs.unsendable}`,
      },
    ];
  const p = params ?? { body: [] };
  const problems: Problem[] = [];
  if (needs.authentication) {
    // The code is the body's only variable and the button's: one value, given once.
    const extra = (['header', 'buttons', 'headerMediaUrl'] as const).find((k) => p[k] !== undefined);
    if (extra || sizeOf(p.body) > 0)
      problems.push({
        path: `templateParameters.${extra ?? 'body'}`,
        message:
          'An authentication template takes only its code (templateParameters.code): it fills the body and the button',
      });
    checkCode(p.code, problems, 'An authentication template needs its code: a contact field or a text');
    return problems;
  }
  checkList(problems, 'header', p.header, needs.header, needs.format);
  checkList(problems, 'body', p.body, needs.body, needs.format);
  countProblem(
    problems,
    'templateParameters.buttons',
    p.buttons?.length ?? 0,
    needs.urlButtons.length,
    'URL buttons',
  );
  if (needs.headerMedia && !p.headerMediaUrl)
    problems.push({
      path: 'templateParameters.headerMediaUrl',
      message: `The template's ${needs.headerMedia.toLowerCase()} header needs a media link`,
    });
  if (!needs.headerMedia && p.headerMediaUrl)
    problems.push({ path: 'templateParameters.headerMediaUrl', message: 'The template has no media header' });
  if (needs.copyCode !== null)
    checkCode(p.code, problems, "The template's copy-code button needs its code: a contact field or a text");
  else if (p.code)
    problems.push({ path: 'templateParameters.code', message: 'The template has no copy-code button' });
  return problems;
}

function sizeOf(list: TemplateParameterList | undefined): number {
  if (!list) return 0;
  return Array.isArray(list) ? list.length : Object.keys(list).length;
}

/** A header's or body's entries against its variables: a list for `{{1}}`.., an object by name for names. */
function checkList(
  problems: Problem[],
  part: 'header' | 'body',
  given: TemplateParameterList | undefined,
  wanted: string[],
  format: TemplateNeeds['format'],
): void {
  const path = `templateParameters.${part}`;
  if (format === 'NAMED') {
    if (Array.isArray(given) && given.length > 0) {
      problems.push({
        path,
        message: `The template's ${part} has named variables: map each by its name ({ "${wanted[0] ?? 'name'}": { "field": "firstName" } })`,
      });
      return;
    }
    const map = Array.isArray(given) || !given ? {} : given;
    for (const name of wanted)
      if (!Object.hasOwn(map, name))
        problems.push({ path: `${path}.${name}`, message: `{{${name}}} is not mapped` });
    for (const name of Object.keys(map))
      if (!wanted.includes(name))
        problems.push({ path: `${path}.${name}`, message: `The template's ${part} has no {{${name}}}` });
    return;
  }
  if (given && !Array.isArray(given)) {
    if (Object.keys(given).length || wanted.length)
      problems.push({
        path,
        message: `The template's ${part} has numbered variables: give a list, {{1}} first`,
      });
    return;
  }
  countProblem(problems, path, given?.length ?? 0, wanted.length, part);
}

function countProblem(problems: Problem[], path: string, given: number, wanted: number, what: string): void {
  if (given < wanted)
    problems.push({
      path,
      message: `The template's ${what} has ${wanted} variable${wanted === 1 ? '' : 's'}: {{${given + 1}}} is not mapped`,
    });
  else if (given > wanted)
    problems.push({
      path,
      message: `The template's ${what} has ${wanted} variable${wanted === 1 ? '' : 's'}, ${given} given`,
    });
}

function checkCode(code: TemplateParameter | undefined, problems: Problem[], missing: string): void {
  if (!code) problems.push({ path: 'templateParameters.code', message: missing });
  else if ('text' in code && code.text.length > CODE_MAX)
    problems.push({ path: 'templateParameters.code', message: `A code has at most ${CODE_MAX} characters` });
}

export interface RecipientFields {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  /** The contact's own field values at send time. */
  fields?: Record<string, unknown> | null;
}

const BUILT_IN = new Set(['firstName', 'lastName', 'phoneNumber']);

/** A contact's value of a built-in or custom field, as text ("" when it has none). */
export function fieldText(recipient: RecipientFields, key: string): string {
  if (BUILT_IN.has(key)) return recipient[key as 'firstName'] ?? '';
  const value = recipient.fields?.[key];
  return value === undefined || value === null ? '' : String(value);
}

/**
 * One parameter's value for a recipient; a field that is empty becomes its `fallback`, else a dash (the API
 * refuses "").
 */
export function parameterValue(param: TemplateParameter, recipient: RecipientFields): string {
  const value = 'field' in param ? fieldText(recipient, param.field) : param.text;
  if (value.trim()) return value;
  return ('field' in param && param.fallback) || '-';
}

/**
 * The Cloud API's template message for one recipient: `header`, `body` and `button` components filled, each
 * named variable with its `parameter_name`, a copy-code button with its `coupon_code`, and an authentication
 * template's code in its body and its one-time-password button.
 */
export function templateSendFor(
  template: TemplateShape & { name: string; language: string; needs?: TemplateNeeds },
  params: TemplateParameters | null,
  recipient: RecipientFields,
): TemplateSend {
  // A campaign's sends share one template: callers pass its needs, read once.
  const needs = template.needs ?? templateNeeds(template);
  const p = params ?? { body: [] };
  const value = (param: TemplateParameter | undefined) => (param ? parameterValue(param, recipient) : '-');
  const components: TemplateSendComponent[] = [];
  if (needs.authentication) {
    const code = value(p.code);
    components.push({ type: 'body', parameters: [{ type: 'text', text: code }] });
    if (needs.otpButton !== null)
      components.push({
        type: 'button',
        sub_type: 'url',
        index: String(needs.otpButton),
        parameters: [{ type: 'text', text: code }],
      });
    return { name: template.name, language: template.language, components };
  }
  const texts = (vars: string[], list: TemplateParameterList | undefined): TemplateSendParameter[] =>
    vars.map((name, i) =>
      needs.format === 'NAMED'
        ? {
            type: 'text',
            parameter_name: name,
            text: value(list && !Array.isArray(list) && Object.hasOwn(list, name) ? list[name] : undefined),
          }
        : { type: 'text', text: value(Array.isArray(list) ? list[i] : undefined) },
    );
  if (needs.headerMedia && p.headerMediaUrl) {
    const link = { link: p.headerMediaUrl };
    const kind = needs.headerMedia;
    components.push({
      type: 'header',
      parameters: [
        kind === 'IMAGE'
          ? { type: 'image', image: link }
          : kind === 'VIDEO'
            ? { type: 'video', video: link }
            : { type: 'document', document: link },
      ],
    });
  } else if (needs.header.length > 0)
    components.push({ type: 'header', parameters: texts(needs.header, p.header) });
  if (needs.body.length > 0) components.push({ type: 'body', parameters: texts(needs.body, p.body) });
  const buttons: Extract<TemplateSendComponent, { type: 'button' }>[] = [];
  needs.urlButtons.forEach((index, i) => {
    const param = p.buttons?.[i];
    if (param)
      buttons.push({
        type: 'button',
        sub_type: 'url',
        index: String(index),
        parameters: [{ type: 'text', text: parameterValue(param, recipient) }],
      });
  });
  if (needs.copyCode !== null && p.code)
    buttons.push({
      type: 'button',
      sub_type: 'copy_code',
      index: String(needs.copyCode),
      parameters: [{ type: 'coupon_code', coupon_code: value(p.code) }],
    });
  buttons.sort((a, b) => Number(a.index) - Number(b.index));
  return { name: template.name, language: template.language, components: [...components, ...buttons] };
}

/** A text with its `{{1}}` (or `{{first_name}}`) replaced by the recipient's values (a gateway business's template body). */
export function fillText(
  text: string,
  params: TemplateParameterList | undefined,
  recipient: RecipientFields,
): string {
  return text.replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/g, (whole, key: string) => {
    const param = Array.isArray(params)
      ? /^\d+$/.test(key)
        ? params[Number(key) - 1]
        : undefined
      : params && Object.hasOwn(params, key)
        ? params[key]
        : undefined;
    return param ? parameterValue(param, recipient) : whole;
  });
}
