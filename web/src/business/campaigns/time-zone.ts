/** Offset (ms) of `timeZone` from UTC at the instant `utcMs`. */
function offsetAt(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const v = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second')) - utcMs;
}

/**
 * A wall-clock time typed for a time zone (`2026-12-01T09:30` in Asia/Tokyo) as the UTC instant the API
 * stores. Two passes settle the offset across a daylight-saving change.
 */
export function zonedToUtc(local: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!m) throw new Error('Enter a date and time');
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!);
  let utc = wall - offsetAt(wall, timeZone);
  utc = wall - offsetAt(utc, timeZone);
  return new Date(utc);
}

/** The reverse: a UTC instant as `YYYY-MM-DDTHH:mm` on the clock of `timeZone` (for editing a draft). */
export function utcToZoned(iso: string, timeZone: string): string {
  const utc = new Date(iso).getTime();
  return new Date(utc + offsetAt(utc, timeZone)).toISOString().slice(0, 16);
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export function timeZones(): string[] {
  // Older browsers have no list of zones: the reader's own and UTC then.
  return typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('timeZone')
    : [browserTimeZone(), 'UTC'];
}
