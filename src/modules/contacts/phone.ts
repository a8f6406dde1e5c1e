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
    if (parsed?.isValid()) return parsed.number;
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
  return parsePhoneNumberFromString(e164)?.country ?? NO_COUNTRY;
}
