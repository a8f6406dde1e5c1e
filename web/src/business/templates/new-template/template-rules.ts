import type { FormValidateInput } from '@mantine/form';
import { namedVariablesOf, TEMPLATE_NAME, variableProblem, variablesOf } from '../template-text';
import { keysOf, LIMITS, NUMBERED, type TemplateValues, urlHasVariable } from './template-values';

/** The button at a rule's path (`buttons.2.url`). */
const buttonAt = (all: TemplateValues, path: string) => all.buttons[Number(path.split('.')[1])];

/** What the form checks before sending: WhatsApp's own limits, said next to each input. */
export const TEMPLATE_RULES: FormValidateInput<TemplateValues> = {
  name: (v) =>
    !v
      ? 'Give the template a name'
      : TEMPLATE_NAME.test(v)
        ? v.length > 512
          ? 'At most 512 characters'
          : null
        : 'Use lower-case letters, digits and underscores only (order_update)',
  headerText: (v, all) =>
    all.headerFormat !== 'TEXT'
      ? null
      : !v.trim()
        ? 'Write the header, or choose no header'
        : v.length > LIMITS.header
          ? `At most ${LIMITS.header} characters`
          : all.parameterFormat === 'NAMED'
            ? NUMBERED.test(v) || namedVariablesOf(v).length > 1
              ? 'A header has at most one variable, a name such as {{order_id}}'
              : null
            : variablesOf(v).some((n) => n !== 1)
              ? 'A header has at most one variable, {{1}}'
              : null,
  headerExample: (v, all) =>
    all.headerFormat === 'TEXT' && keysOf(all.headerText, all.parameterFormat).length && !v.trim()
      ? `Give an example for {{${keysOf(all.headerText, all.parameterFormat)[0]}}}`
      : null,
  headerMediaUrl: (v, all) =>
    all.headerFormat !== 'NONE' && all.headerFormat !== 'TEXT' && !/^https:\/\/\S+$/.test(v)
      ? 'Enter a link to a sample file (https://…)'
      : null,
  body: (v, all) =>
    all.category === 'AUTHENTICATION'
      ? null
      : !v.trim()
        ? 'Write the message'
        : v.length > LIMITS.body
          ? `At most ${LIMITS.body} characters`
          : all.parameterFormat === 'NAMED'
            ? NUMBERED.test(v)
              ? 'Named variables are lower-case names: {{first_name}}, not {{1}}'
              : null
            : variableProblem(v),
  codeExpiration: (v, all) =>
    all.category === 'AUTHENTICATION' && v !== '' && (Number(v) < 1 || Number(v) > 90)
      ? 'From 1 to 90 minutes'
      : null,
  footer: (v) => (v.length > LIMITS.footer ? `At most ${LIMITS.footer} characters` : null),
  buttons: {
    text: (v, all, path) =>
      !v.trim()
        ? buttonAt(all, path)?.type === 'COPY_CODE'
          ? null
          : 'Write the button'
        : v.length > LIMITS.button
          ? `At most ${LIMITS.button} characters`
          : null,
    url: (v, all, path) =>
      buttonAt(all, path)?.type === 'URL' && !/^https?:\/\/\S+$/.test(v)
        ? 'Enter the link the button opens (https://…)'
        : null,
    example: (v, all, path) => {
      const b = buttonAt(all, path);
      if (b?.type === 'COPY_CODE')
        return !v.trim() ? 'Give an example code' : v.length > 15 ? 'At most 15 characters' : null;
      return b?.type === 'URL' && urlHasVariable(b.url) && !v.trim()
        ? "Give an example for the link's {{1}}"
        : null;
    },
    phoneNumber: (v, all, path) =>
      buttonAt(all, path)?.type === 'PHONE_NUMBER' && !/^\+\d{7,15}$/.test(v)
        ? 'Enter the number with its country code (+234…)'
        : null,
  },
};
