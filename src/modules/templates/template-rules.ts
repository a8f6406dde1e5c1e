import { type FieldProblem, ValidationError } from '../../platform/http/errors.js';
import type { CreateTemplateInput, TemplateComponentInput } from './templates.schemas.js';

/** The Cloud API's limits on a template (docs/api.md "Templates"). */
export const LIMITS = {
  name: 512,
  headerText: 60,
  bodyText: 1024,
  footerText: 60,
  buttons: 10,
  quickReplies: 10,
  urlButtons: 2,
  phoneButtons: 1,
  buttonText: 25,
  url: 2000,
  phoneNumber: 20,
} as const;

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** The variables `{{n}}` of a text, in order of appearance (repeats kept); non-numeric ones as NaN. */
export function placeholdersOf(text: string | undefined): number[] {
  if (!text) return [];
  return [...text.matchAll(PLACEHOLDER)].map((m) => (/^\d+$/.test(m[1]!.trim()) ? Number(m[1]) : Number.NaN));
}

/** How many distinct variables a text has (numbered 1..n once valid). */
export function variableCount(text: string | undefined): number {
  return new Set(placeholdersOf(text)).size;
}

/**
 * Checks a template as the Cloud API would before it accepts one: the name, one body, at most one of each
 * other component, lengths, variables numbered from 1 without gaps with an example for each, button kinds
 * and counts. Throws a 400 naming every field that fails (`components[1].text`, ...).
 */
export function assertValidTemplate(input: CreateTemplateInput): void {
  const problems: FieldProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  if (!input.name) add('name', 'Required');
  else if (input.name.length > LIMITS.name) add('name', `At most ${LIMITS.name} characters`);
  else if (!/^[a-z0-9_]+$/.test(input.name)) add('name', 'Only lower-case letters, digits and underscores');

  const seen = new Map<string, number>();
  input.components.forEach((component, i) => {
    const at = `components[${i}]`;
    if (seen.has(component.type)) add(`${at}.type`, `Only one ${component.type} component is allowed`);
    seen.set(component.type, i);
    checkComponent(component, at, add);
  });
  if (!seen.has('BODY')) add('components', 'A BODY component is required');
  const first = problems[0];
  if (first) throw new ValidationError(`${first.path}: ${first.message}`, problems);
}

function checkComponent(c: TemplateComponentInput, at: string, add: (p: string, m: string) => void): void {
  switch (c.type) {
    case 'HEADER': {
      if (c.format === 'TEXT') {
        if (!c.text?.trim()) {
          add(`${at}.text`, 'A text header needs its text');
          return;
        }
        if (c.text.length > LIMITS.headerText) add(`${at}.text`, `At most ${LIMITS.headerText} characters`);
        const vars = checkVariables(c.text, `${at}.text`, add);
        if (vars > 1) add(`${at}.text`, 'A header may have at most one variable');
        if (vars > 0) checkExamples(c.example?.header_text, vars, `${at}.example.header_text`, add);
      } else {
        if (c.text !== undefined) add(`${at}.text`, `A ${c.format} header has no text`);
        const handle = c.example?.header_handle;
        if (!handle?.length || !handle[0]?.trim())
          add(`${at}.example.header_handle`, `A ${c.format} header needs an example media handle or link`);
      }
      return;
    }
    case 'BODY': {
      if (!c.text.trim()) {
        add(`${at}.text`, 'The body needs its text');
        return;
      }
      if (c.text.length > LIMITS.bodyText) add(`${at}.text`, `At most ${LIMITS.bodyText} characters`);
      const vars = checkVariables(c.text, `${at}.text`, add);
      if (vars > 0) {
        const rows = c.example?.body_text;
        if (!rows?.length)
          add(`${at}.example.body_text`, `An example is needed for each of the ${vars} variables`);
        else checkExamples(rows[0], vars, `${at}.example.body_text[0]`, add);
      }
      return;
    }
    case 'FOOTER': {
      if (!c.text.trim()) {
        add(`${at}.text`, 'The footer needs its text');
        return;
      }
      if (c.text.length > LIMITS.footerText) add(`${at}.text`, `At most ${LIMITS.footerText} characters`);
      if (placeholdersOf(c.text).length) add(`${at}.text`, 'A footer may not have variables');
      return;
    }
    case 'BUTTONS': {
      const list = c.buttons;
      if (!list.length) {
        add(`${at}.buttons`, 'At least one button');
        return;
      }
      if (list.length > LIMITS.buttons) add(`${at}.buttons`, `At most ${LIMITS.buttons} buttons`);
      const count = (type: string) => list.filter((b) => b.type === type).length;
      if (count('QUICK_REPLY') > LIMITS.quickReplies)
        add(`${at}.buttons`, `At most ${LIMITS.quickReplies} quick-reply buttons`);
      if (count('URL') > LIMITS.urlButtons) add(`${at}.buttons`, `At most ${LIMITS.urlButtons} URL buttons`);
      if (count('PHONE_NUMBER') > LIMITS.phoneButtons)
        add(`${at}.buttons`, `At most ${LIMITS.phoneButtons} phone-number button`);
      list.forEach((b, j) => {
        const bt = `${at}.buttons[${j}]`;
        if (!b.text.trim()) add(`${bt}.text`, 'A button needs its text');
        else if (b.text.length > LIMITS.buttonText)
          add(`${bt}.text`, `At most ${LIMITS.buttonText} characters`);
        if (placeholdersOf(b.text).length) add(`${bt}.text`, "A button's text may not have variables");
        if (b.type === 'URL') {
          if (!b.url) {
            add(`${bt}.url`, 'A URL button needs its url');
            return;
          }
          if (b.url.length > LIMITS.url) add(`${bt}.url`, `At most ${LIMITS.url} characters`);
          if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(b.url.replace(PLACEHOLDER, 'x')))
            add(`${bt}.url`, 'Must be an http(s) URL');
          const vars = placeholdersOf(b.url);
          if (vars.length > 1 || (vars.length === 1 && (vars[0] !== 1 || !b.url.trim().endsWith('{{1}}'))))
            add(`${bt}.url`, 'A URL may have one variable, {{1}}, at its end');
          else if (vars.length === 1) checkExamples(b.example, 1, `${bt}.example`, add);
        } else if (b.url !== undefined) add(`${bt}.url`, `A ${b.type} button has no url`);
        if (b.type === 'PHONE_NUMBER') {
          if (!b.phone_number || !/^\+?\d{4,20}$/.test(b.phone_number.replace(/[\s-]/g, '')))
            add(`${bt}.phone_number`, 'A phone-number button needs a number of at most 20 digits');
        } else if (b.phone_number !== undefined)
          add(`${bt}.phone_number`, `A ${b.type} button has no phone_number`);
      });
      return;
    }
  }
}

/** Variables must be `{{1}}`..`{{n}}` with none missing; returns n. */
function checkVariables(text: string, path: string, add: (p: string, m: string) => void): number {
  const found = placeholdersOf(text);
  if (found.some((n) => Number.isNaN(n))) {
    add(path, 'Variables are numbers in double braces: {{1}}, {{2}}, ...');
    return 0;
  }
  const distinct = [...new Set(found)].sort((a, b) => a - b);
  const gap = distinct.findIndex((n, i) => n !== i + 1);
  if (gap >= 0) {
    add(path, `Variables are numbered from {{1}} without gaps: {{${gap + 1}}} is missing`);
    return 0;
  }
  return distinct.length;
}

function checkExamples(
  values: string[] | undefined,
  count: number,
  path: string,
  add: (p: string, m: string) => void,
): void {
  if (!values || values.length !== count) {
    add(path, `An example is needed for each of the ${count} variable${count === 1 ? '' : 's'}`);
    return;
  }
  values.forEach((v, i) => {
    if (!v.trim()) add(`${path}[${i}]`, 'An example may not be empty');
  });
}
