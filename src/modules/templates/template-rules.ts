import { type FieldProblem, ValidationError } from '../../platform/http/errors.js';
import { checkAuthenticationTemplate } from './authentication-rules.js';
import {
  PARAMETER_NAME,
  type ParameterFormat,
  placeholdersIn,
  placeholdersOf,
  withoutPlaceholders,
} from './template-variables.js';
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
  copyCodes: 1,
  code: 15,
} as const;

type Add = (path: string, message: string) => void;

/**
 * Checks a template as the Cloud API would before it accepts one: the name, one body, at most one of each
 * other component, lengths, variables numbered from 1 without gaps (or, `NAMED`, lower-case names) with an
 * example for each, button kinds and counts, and an authentication template's own shape. Throws a 400 naming
 * every field that fails (`components[1].text`, ...).
 */
export function assertValidTemplate(input: CreateTemplateInput): void {
  const problems: FieldProblem[] = [];
  const add: Add = (path, message) => problems.push({ path, message });
  const format = input.parameter_format ?? 'POSITIONAL';
  if (!input.name) add('name', 'Required');
  else if (input.name.length > LIMITS.name) add('name', `At most ${LIMITS.name} characters`);
  else if (!/^[a-z0-9_]+$/.test(input.name)) add('name', 'Only lower-case letters, digits and underscores');

  const seen = new Map<string, number>();
  input.components.forEach((component, i) => {
    const at = `components[${i}]`;
    if (seen.has(component.type)) add(`${at}.type`, `Only one ${component.type} component is allowed`);
    seen.set(component.type, i);
    if (input.category !== 'AUTHENTICATION') checkComponent(component, at, add, format, input.category);
  });
  if (input.category === 'AUTHENTICATION') checkAuthenticationTemplate(input.components, add);
  if (!seen.has('BODY')) add('components', 'A BODY component is required');
  const first = problems[0];
  if (first) throw new ValidationError(`${first.path}: ${first.message}`, problems);
}

function checkComponent(
  c: TemplateComponentInput,
  at: string,
  add: Add,
  format: ParameterFormat,
  category: CreateTemplateInput['category'],
): void {
  switch (c.type) {
    case 'HEADER': {
      if (c.format === 'TEXT') {
        if (!c.text?.trim()) {
          add(`${at}.text`, 'A text header needs its text');
          return;
        }
        if (c.text.length > LIMITS.headerText) add(`${at}.text`, `At most ${LIMITS.headerText} characters`);
        const vars = checkVariables(c.text, `${at}.text`, add, format);
        if (vars.length > 1) add(`${at}.text`, 'A header may have at most one variable');
        else if (format === 'NAMED')
          checkNamedExamples(
            c.example?.header_text_named_params,
            vars,
            `${at}.example.header_text_named_params`,
            add,
          );
        else if (vars.length > 0)
          checkExamples(c.example?.header_text, vars.length, `${at}.example.header_text`, add);
      } else {
        if (c.text !== undefined) add(`${at}.text`, `A ${c.format} header has no text`);
        const handle = c.example?.header_handle;
        if (!handle?.length || !handle[0]?.trim())
          add(`${at}.example.header_handle`, `A ${c.format} header needs an example media handle or link`);
      }
      return;
    }
    case 'BODY': {
      if (c.add_security_recommendation !== undefined)
        add(
          `${at}.add_security_recommendation`,
          'Only an AUTHENTICATION template has a security recommendation',
        );
      if (!c.text?.trim()) {
        add(`${at}.text`, 'The body needs its text');
        return;
      }
      if (c.text.length > LIMITS.bodyText) add(`${at}.text`, `At most ${LIMITS.bodyText} characters`);
      const vars = checkVariables(c.text, `${at}.text`, add, format);
      if (format === 'NAMED' && c.example?.body_text)
        add(`${at}.example.body_text`, 'A NAMED template gives its examples in body_text_named_params');
      if (format === 'POSITIONAL' && c.example?.body_text_named_params)
        add(`${at}.example.body_text_named_params`, 'Named examples go with parameter_format NAMED');
      if (format === 'NAMED') {
        checkNamedExamples(
          c.example?.body_text_named_params,
          vars,
          `${at}.example.body_text_named_params`,
          add,
        );
      } else if (vars.length > 0) {
        const rows = c.example?.body_text;
        if (!rows?.length)
          add(`${at}.example.body_text`, `An example is needed for each of the ${vars.length} variables`);
        else checkExamples(rows[0], vars.length, `${at}.example.body_text[0]`, add);
      }
      return;
    }
    case 'FOOTER': {
      if (c.code_expiration_minutes !== undefined)
        add(`${at}.code_expiration_minutes`, 'Only an AUTHENTICATION template has a code expiration');
      if (!c.text?.trim()) {
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
      if (count('COPY_CODE') > LIMITS.copyCodes) add(`${at}.buttons`, 'At most one copy-code button');
      list.forEach((b, j) => {
        const bt = `${at}.buttons[${j}]`;
        if (b.type === 'OTP') {
          add(`${bt}.type`, 'One-time-password buttons are for AUTHENTICATION templates');
          return;
        }
        // A copy-code button's label is the provider's own ("Copy offer code"): it may be left out.
        if (!b.text?.trim()) {
          if (b.type !== 'COPY_CODE') add(`${bt}.text`, 'A button needs its text');
        } else if (b.text.length > LIMITS.buttonText)
          add(`${bt}.text`, `At most ${LIMITS.buttonText} characters`);
        if (placeholdersIn(b.text).length) add(`${bt}.text`, "A button's text may not have variables");
        if (b.type === 'COPY_CODE') {
          if (category !== 'MARKETING')
            add(`${bt}.type`, 'Copy-code (coupon) buttons are for MARKETING templates');
          if (typeof b.example !== 'string' || !b.example.trim())
            add(`${bt}.example`, 'A copy-code button needs an example code');
          else if (b.example.length > LIMITS.code) add(`${bt}.example`, `At most ${LIMITS.code} characters`);
        } else if (b.type === 'URL') {
          if (!b.url) {
            add(`${bt}.url`, 'A URL button needs its url');
            return;
          }
          if (b.url.length > LIMITS.url) add(`${bt}.url`, `At most ${LIMITS.url} characters`);
          if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(withoutPlaceholders(b.url, 'x')))
            add(`${bt}.url`, 'Must be an http(s) URL');
          const vars = placeholdersOf(b.url);
          if (vars.length > 1 || (vars.length === 1 && (vars[0] !== 1 || !b.url.trim().endsWith('{{1}}'))))
            add(`${bt}.url`, 'A URL may have one variable, {{1}}, at its end');
          else if (vars.length === 1)
            checkExamples(Array.isArray(b.example) ? b.example : undefined, 1, `${bt}.example`, add);
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

/**
 * Variables must be `{{1}}`..`{{n}}` with none missing, or in a `NAMED` template lower-case names
 * (`{{first_name}}`); returns them, distinct, in order (none when they are wrong).
 */
function checkVariables(text: string, path: string, add: Add, format: ParameterFormat): string[] {
  if (format === 'NAMED') {
    const found = placeholdersIn(text);
    const bad = found.find((p) => !PARAMETER_NAME.test(p));
    if (bad !== undefined) {
      add(
        path,
        `A NAMED template's variables are lower-case names such as {{first_name}}: {{${bad}}} is not one`,
      );
      return [];
    }
    return [...new Set(found)];
  }
  const found = placeholdersOf(text);
  if (found.some((n) => Number.isNaN(n))) {
    add(path, 'Variables are numbers in double braces: {{1}}, {{2}}, ... (or set parameter_format to NAMED)');
    return [];
  }
  const distinct = [...new Set(found)].sort((a, b) => a - b);
  const gap = distinct.findIndex((n, i) => n !== i + 1);
  if (gap >= 0) {
    add(path, `Variables are numbered from {{1}} without gaps: {{${gap + 1}}} is missing`);
    return [];
  }
  return distinct.map(String);
}

/** A named template's examples: one `{ param_name, example }` per variable, no more. */
function checkNamedExamples(
  given: { param_name: string; example: string }[] | undefined,
  names: string[],
  path: string,
  add: Add,
): void {
  if (!names.length) {
    if (given?.length) add(path, 'The text has no variables to give examples for');
    return;
  }
  if (!given?.length) {
    add(path, `An example is needed for each variable: ${names.map((n) => `{{${n}}}`).join(', ')}`);
    return;
  }
  for (const name of names)
    if (!given.some((g) => g.param_name === name)) add(path, `No example for {{${name}}}`);
  given.forEach((g, i) => {
    if (!names.includes(g.param_name)) add(`${path}[${i}].param_name`, `The text has no {{${g.param_name}}}`);
    else if (given.findIndex((o) => o.param_name === g.param_name) !== i)
      add(`${path}[${i}].param_name`, `{{${g.param_name}}} has two examples`);
    if (!g.example.trim()) add(`${path}[${i}].example`, 'An example may not be empty');
  });
}

function checkExamples(values: string[] | undefined, count: number, path: string, add: Add): void {
  if (!values || values.length !== count) {
    add(path, `An example is needed for each of the ${count} variable${count === 1 ? '' : 's'}`);
    return;
  }
  values.forEach((v, i) => {
    if (!v.trim()) add(`${path}[${i}]`, 'An example may not be empty');
  });
}

/**
 * What a gateway business may declare: the gateway sends text, so a template whose point is a button it
 * cannot carry (a coupon to copy, a one-time password) is refused rather than sent without it.
 */
export function assertGatewayCanSend(input: CreateTemplateInput): void {
  const only = 'is sent through the WhatsApp Cloud API only: the gateway carries text, not this button';
  if (input.category === 'AUTHENTICATION')
    throw ValidationError.field('category', `An authentication template ${only}`);
  input.components.forEach((c, i) => {
    if (c.type !== 'BUTTONS') return;
    const j = c.buttons.findIndex((b) => b.type === 'COPY_CODE' || b.type === 'OTP');
    if (j >= 0)
      throw ValidationError.field(
        `components[${i}].buttons[${j}].type`,
        `A ${c.buttons[j]!.type} button ${only}`,
      );
  });
}
