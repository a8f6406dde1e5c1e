/**
 * A template's variables in both of the Cloud API's parameter formats: `POSITIONAL` (`{{1}}`, `{{2}}`...) and
 * `NAMED` (`{{first_name}}`). One reading of the text, used by the create rules, the parameter checks and the
 * sends, so the three never count differently.
 */
export const PARAMETER_FORMATS = ['POSITIONAL', 'NAMED'] as const;
export type ParameterFormat = (typeof PARAMETER_FORMATS)[number];

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

/** What a named variable may be called: lower-case letters, digits and underscores, not starting with a digit. */
export const PARAMETER_NAME = /^[a-z_][a-z0-9_]*$/;

/** The contents of each `{{...}}` of a text, trimmed, in order of appearance (repeats kept). */
export function placeholdersIn(text: string | undefined): string[] {
  if (!text) return [];
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!.trim());
}

/** The variables `{{n}}` of a text, in order of appearance (repeats kept); non-numeric ones as NaN. */
export function placeholdersOf(text: string | undefined): number[] {
  return placeholdersIn(text).map((p) => (/^\d+$/.test(p) ? Number(p) : Number.NaN));
}

/** A text with every placeholder replaced (to check what is left around them, a URL's shape say). */
export function withoutPlaceholders(text: string, by: string): string {
  return text.replace(PLACEHOLDER, by);
}

/**
 * The distinct variables of a text as the format reads them: names in order of first appearance, or the
 * numbers `1`..`n` in order. A positional text's names and a named text's numbers are not variables of it
 * (the create rules refuse such texts; a synced one is counted as the provider counts it).
 */
export function variablesOf(text: string | undefined, format: ParameterFormat): string[] {
  const found = placeholdersIn(text);
  if (format === 'NAMED') return [...new Set(found.filter((p) => PARAMETER_NAME.test(p)))];
  return [...new Set(found.filter((p) => /^\d+$/.test(p)).map(Number))].sort((a, b) => a - b).map(String);
}

/** The parameter format a provider's listing names (`parameter_format`), positional when absent. */
export function parameterFormatOf(value: unknown): ParameterFormat {
  return typeof value === 'string' && value.toUpperCase() === 'NAMED' ? 'NAMED' : 'POSITIONAL';
}
