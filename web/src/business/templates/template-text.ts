/** The numbered variables of a template's text ({{1}}, {{2}}, …), in order of number, each once. */
export function variablesOf(text: string | null | undefined): number[] {
  const found = new Set<number>();
  for (const m of (text ?? '').matchAll(/\{\{\s*(\d+)\s*\}\}/g)) found.add(Number(m[1]));
  return [...found].sort((a, b) => a - b);
}

/** The named variables of a text ({{first_name}}, …), in order of appearance, each once. */
export function namedVariablesOf(text: string | null | undefined): string[] {
  const found = new Set<string>();
  for (const m of (text ?? '').matchAll(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g)) found.add(m[1]!);
  return [...found];
}

/** The text with each {{name}} replaced by `values[name]`, or left as it is when that value is empty. */
export function fillNamedVariables(
  text: string,
  values: Readonly<Record<string, string | undefined>>,
): string {
  return text.replace(/\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}/g, (whole, name: string) => values[name] || whole);
}

/** The text with each {{n}} replaced by `values[n - 1]`, or left as it is when that value is empty. */
export function fillVariables(text: string, values: readonly (string | null | undefined)[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] || whole);
}

/**
 * What is wrong with a text's variables, in words, or null: they are numbered from 1 without a gap, as the
 * provider requires.
 */
export function variableProblem(text: string): string | null {
  const numbers = variablesOf(text);
  const missing = numbers.length ? numbers[numbers.length - 1]! : 0;
  for (let n = 1; n <= missing; n++) {
    if (!numbers.includes(n)) return `Variables are numbered from {{1}} without a gap: {{${n}}} is missing`;
  }
  return null;
}

export const TEMPLATE_NAME = /^[a-z0-9_]+$/;

/** A name typed as words, turned into the provider's form (lower case, digits, underscores). */
export function toTemplateName(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]+/g, '_');
}
