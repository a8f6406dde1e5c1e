import type { DayRange } from '../../platform/db/day-range.js';
import { ValidationError } from '../../platform/http/errors.js';
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, type OverviewQuery } from './analytics.schemas.js';

const DAY_MS = 86_400_000;

/** Today's date where `timeZone` is (YYYY-MM-DD). */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * The window an overview covers, with its defaults (`to` today in the time zone, `from` 29 days before it) and its
 * rules: `from` not after `to`, at most a year. Bad input is a 400 naming the field.
 */
export function overviewRange(q: OverviewQuery, businessId: string | null, now = new Date()): DayRange {
  const to = q.to ?? todayIn(q.timeZone, now);
  const from = q.from ?? addDays(to, -(DEFAULT_RANGE_DAYS - 1));
  if (from > to) throw ValidationError.field('from', '`from` must be on or before `to`');
  const length = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
  if (length > MAX_RANGE_DAYS) {
    throw ValidationError.field('to', `The range may cover at most ${MAX_RANGE_DAYS} days`);
  }
  return { businessId, from, to, timeZone: q.timeZone };
}
