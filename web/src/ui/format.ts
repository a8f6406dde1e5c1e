/** The console's one way to write dates, numbers, money and waits, in the reader's own locale. */

/** "27 Nov 2026, 09:30"; with a time zone, the wall clock there and the zone's short name. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '';
  // Intl refuses timeZoneName together with dateStyle/timeStyle (TypeError),
  // so a zoned date spells out the same fields by hand.
  const options: Intl.DateTimeFormatOptions = timeZone
    ? {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
}

/** "4 Nov" of a "2026-11-04" day: the day as counted, not moved by the reader's time zone. */
export function shortDay(day: string): string {
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** A count or an amount with exactly `digits` decimals; nothing known reads as 0. */
export function formatNumber(n: number | null | undefined, digits = 0): string {
  return (n ?? 0).toLocaleString(undefined, { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

/** "₦1,500.00"; a code Intl does not know is written after the number. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 2 }).format(
      amount,
    );
  } catch {
    return `${formatNumber(amount, 2)} ${currency}`;
  }
}

/** "3 days", "5 hours", "12 minutes": how long something has waited, in the largest unit that fits. */
export function waitedFor(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'not submitted';
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}

/** The flag emoji of an ISO 3166 alpha-2 code (two regional-indicator letters). */
export function flagOf(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });

/** A country by its ISO code: "Nigeria"; "Not known" for none (ZZ) or a bad code. */
export function countryLabel(code: string | null | undefined): string {
  if (!code || code === 'ZZ' || !/^[A-Za-z]{2}$/.test(code)) return 'Not known';
  let name = code.toUpperCase();
  try {
    name = regions.of(name) ?? name;
  } catch {
    // An engine without this region's name: the code stands in.
  }
  return name;
}

/** Share of `part` in `whole` as "42.5%", or "–" when there is nothing to divide. */
export function rate(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '–';
}
