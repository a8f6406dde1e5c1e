import type { HeaderFormat } from '../TemplatePhone';
import type { TemplateCategory } from '../template-parts';
import { namedVariablesOf, variablesOf } from '../template-text';

export type ButtonType = 'QUICK_REPLY' | 'URL' | 'PHONE_NUMBER' | 'COPY_CODE';
export type ParameterFormat = 'POSITIONAL' | 'NAMED';
export interface ButtonDraft {
  type: ButtonType;
  text: string;
  url: string;
  /** What the link's {{1}} is in the example WhatsApp reviews (a copy-code button: an example code). */
  example: string;
  phoneNumber: string;
}

export const LIMITS = { body: 1024, header: 60, footer: 60, button: 25 };
export const NUMBERED = /\{\{\s*\d+\s*\}\}/;
/** The variables of a text as the template's format reads them: `1`, `2`… or `first_name`…. */
export const keysOf = (text: string, format: ParameterFormat) =>
  format === 'NAMED' ? namedVariablesOf(text) : variablesOf(text).map(String);
export const urlHasVariable = (url: string) => variablesOf(url).length > 0;

export const INITIAL_TEMPLATE = {
  name: '',
  language: 'en_US',
  category: 'MARKETING' as TemplateCategory,
  parameterFormat: 'POSITIONAL' as ParameterFormat,
  namedExamples: {} as Record<string, string>,
  securityRecommendation: true,
  codeExpiration: '' as number | string,
  headerFormat: 'NONE' as 'NONE' | HeaderFormat,
  headerText: '',
  headerExample: '',
  headerMediaUrl: '',
  body: '',
  bodyExamples: [] as string[],
  footer: '',
  buttons: [] as ButtonDraft[],
};
export type TemplateValues = typeof INITIAL_TEMPLATE;

/** What the form's values imply: named or numbered variables, which ones the texts use. */
export function shapeOf(v: TemplateValues) {
  return {
    named: v.parameterFormat === 'NAMED',
    authentication: v.category === 'AUTHENTICATION',
    bodyVariables: variablesOf(v.body),
    bodyNames: namedVariablesOf(v.body),
    headerKeys: v.headerFormat === 'TEXT' ? keysOf(v.headerText, v.parameterFormat) : [],
  };
}
export type TemplateShape = ReturnType<typeof shapeOf>;
