import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * Normalises a phone number to E.164 (docs/api.md "Basics"): input with `+` or a leading country code is read as
 * international; national input (leading 0) uses the business's country. Returns null when it is not a
 * valid number.
 */
export function toE164(input: string, countryCode?: string | null): string | null {
  const raw = input.trim();
  if (!raw || raw.length > 32) return null;
  const country = (countryCode?.toUpperCase() || undefined) as CountryCode | undefined;
  const key = `${country ?? ''}|${raw}`;
  const known = e164s.get(key);
  if (known !== undefined) return known;
  const e164 = parseE164(raw, country);
  remember(e164s, key, e164);
  return e164;
}

/**
 * Parsing is pure and costs tens of microseconds a number (the full metadata): an inbox parses the same
 * senders over and over (every message, then the country of each new contact), so the answers are kept, a
 * bounded number of them.
 */
const MEMO_MAX = 50_000;
const e164s = new Map<string, string | null>();
const countries = new Map<string, string>();

function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
  memo.set(key, value);
}

function parseE164(raw: string, country: CountryCode | undefined): string | null {
  const candidates: string[] = [];
  if (raw.startsWith('+')) candidates.push(raw);
  else if (raw.startsWith('00')) candidates.push(`+${raw.slice(2)}`);
  else if (raw.startsWith('0')) candidates.push(raw);
  else candidates.push(`+${raw}`, raw);
  for (const candidate of candidates) {
    const parsed = candidate.startsWith('+')
      ? parsePhoneNumberFromString(candidate)
      : country
        ? parsePhoneNumberFromString(candidate, country)
        : undefined;
    if (parsed?.isValid()) {
      // Read as international, it is what `countryOfPhone` would read again.
      if (candidate.startsWith('+')) remember(countries, parsed.number, parsed.country ?? NO_COUNTRY);
      return parsed.number;
    }
  }
  return null;
}

/** The gateway's form: digits only, country code first, no `+`. */
export function toGatewayNumber(e164: string): string {
  return e164.replace(/\D/g, '');
}

/** `contacts.country_code` of a number that belongs to no country (`+800`, `+882`, ...). */
export const NO_COUNTRY = 'ZZ';

/** The ISO 3166 alpha-2 country of an E.164 number (`NO_COUNTRY` when it has none): what prices a message. */
export function countryOfPhone(e164: string): string {
  const known = countries.get(e164);
  if (known !== undefined) return known;
  const country = parsePhoneNumberFromString(e164)?.country ?? NO_COUNTRY;
  remember(countries, e164, country);
  return country;
}
