import type { TemplateSend, TemplateSendComponent } from '../../providers/messaging/messaging.port.js';
import { placeholdersOf, variableCount } from './template-rules.js';
import type { TemplateParameter, TemplateParameters } from './templates.schemas.js';

type Component = Record<string, unknown> & { type: string };

/** What a template needs filled: variables of a text header, of the body, of URL buttons, and a media link. */
export interface TemplateNeeds {
  header: number;
  headerMedia: 'IMAGE' | 'VIDEO' | 'DOCUMENT' | null;
  body: number;
  /** Indexes (among all buttons) of the URL buttons that end in `{{1}}`. */
  urlButtons: number[];
}

export function templateNeeds(components: Component[]): TemplateNeeds {
  const needs: TemplateNeeds = { header: 0, headerMedia: null, body: 0, urlButtons: [] };
  for (const c of components) {
    if (c.type === 'HEADER') {
      if (c.format === 'TEXT') needs.header = variableCount(c.text as string | undefined);
      else if (c.format === 'IMAGE' || c.format === 'VIDEO' || c.format === 'DOCUMENT')
        needs.headerMedia = c.format;
    } else if (c.type === 'BODY') needs.body = variableCount(c.text as string | undefined);
    else if (c.type === 'BUTTONS' && Array.isArray(c.buttons)) {
      (c.buttons as Component[]).forEach((b, i) => {
        if (b.type === 'URL' && placeholdersOf(b.url as string | undefined).length) needs.urlButtons.push(i);
      });
    }
  }
  return needs;
}

/**
 * What a campaign's parameters leave unfilled (or fill beyond the template), as field paths and words: empty
 * when every variable has its entry. Checked at publish (400 naming what is missing).
 */
export function parameterProblems(
  components: Component[],
  params: TemplateParameters | null | undefined,
): { path: string; message: string }[] {
  const needs = templateNeeds(components);
  const p = params ?? { body: [] };
  const problems: { path: string; message: string }[] = [];
  const count = (path: string, given: number, wanted: number, what: string) => {
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
  };
  count('templateParameters.header', p.header?.length ?? 0, needs.header, 'header');
  count('templateParameters.body', p.body?.length ?? 0, needs.body, 'body');
  count('templateParameters.buttons', p.buttons?.length ?? 0, needs.urlButtons.length, 'URL buttons');
  if (needs.headerMedia && !p.headerMediaUrl)
    problems.push({
      path: 'templateParameters.headerMediaUrl',
      message: `The template's ${needs.headerMedia.toLowerCase()} header needs a media link`,
    });
  if (!needs.headerMedia && p.headerMediaUrl)
    problems.push({ path: 'templateParameters.headerMediaUrl', message: 'The template has no media header' });
  return problems;
}

export interface RecipientFields {
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

/** One parameter's value for a recipient; a contact field that is empty becomes a dash (the API refuses ""). */
export function parameterValue(param: TemplateParameter, recipient: RecipientFields): string {
  const value = 'field' in param ? recipient[param.field] : param.text;
  return value?.trim() ? value : '-';
}

/** The Cloud API's template message for one recipient: `header`, `body` and `button` components filled. */
export function templateSendFor(
  template: { name: string; language: string; components: Component[]; needs?: TemplateNeeds },
  params: TemplateParameters | null,
  recipient: RecipientFields,
): TemplateSend {
  // A campaign's sends share one template: callers pass its needs, read once.
  const needs = template.needs ?? templateNeeds(template.components);
  const p = params ?? { body: [] };
  const components: TemplateSendComponent[] = [];
  const text = (list: TemplateParameter[] | undefined) =>
    (list ?? []).map((param) => ({ type: 'text' as const, text: parameterValue(param, recipient) }));
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
  } else if (needs.header > 0) components.push({ type: 'header', parameters: text(p.header) });
  if (needs.body > 0) components.push({ type: 'body', parameters: text(p.body) });
  needs.urlButtons.forEach((index, i) => {
    const param = p.buttons?.[i];
    if (param)
      components.push({
        type: 'button',
        sub_type: 'url',
        index: String(index),
        parameters: [{ type: 'text', text: parameterValue(param, recipient) }],
      });
  });
  return { name: template.name, language: template.language, components };
}

/** A text with its `{{n}}` replaced by the recipient's values (a gateway business's template body). */
export function fillText(
  text: string,
  params: TemplateParameter[] | undefined,
  recipient: RecipientFields,
): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const param = params?.[Number(n) - 1];
    return param ? parameterValue(param, recipient) : whole;
  });
}
