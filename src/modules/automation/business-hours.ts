import type { OpenInterval, Weekday } from '../../platform/db/schema/index.js';

export interface Hours {
  timeZone: string;
  week: Record<Weekday, OpenInterval[]>;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The weekday and `HH:MM` of an instant in a time zone. */
export function localTime(at: Date, timeZone: string): { day: Weekday; time: string } {
  const parts = formatOf(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: get('weekday').toLowerCase().slice(0, 3) as Weekday,
    time: `${get('hour')}:${get('minute')}`,
  };
}

/** Whether the business is open at `at`: inside one of the day's intervals (open <= t < close). */
export function isOpen(hours: Hours, at: Date): boolean {
  const { day, time } = localTime(at, hours.timeZone);
  return (hours.week[day] ?? []).some((i) => i.open <= time && time < i.close);
}
