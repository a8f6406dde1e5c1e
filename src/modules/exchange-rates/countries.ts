import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));

export interface Country {
  name: string;
  code: string;
}

/** ISO 3166-1 alpha-2 countries with English names, from a maintained package, sorted by name. */
export const COUNTRIES: readonly Country[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ name, code }))
  .sort((a, b) => a.name.localeCompare(b.name));

const CODES = new Set(COUNTRIES.map((c) => c.code));

export function isCountryCode(code: string): boolean {
  return CODES.has(code.toUpperCase());
}
