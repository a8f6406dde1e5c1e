import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

/** One day of the platform's activity (the admin analytics overview, across every business). */
export interface OverviewDay {
  day: string;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  optIns: number;
  optOuts: number;
  creditsSpent: number;
  newBusinesses: number;
  creditsSold: number;
}

export interface AdminOverview {
  from: string;
  to: string;
  timeZone: string;
  days: OverviewDay[];
  totals: Omit<OverviewDay, 'day'>;
}

/**
 * The platform totals of the last 30 days in the admin's own time zone. Read with fetch rather than the typed
 * client so the console builds on a service whose document does not list the route yet: there it answers
 * 404, and the home page says the totals are not available instead of failing.
 */
export const adminOverviewQuery = queryOptions({
  queryKey: ['admin', 'analytics-overview'],
  queryFn: async (): Promise<AdminOverview | null> => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    const response = await fetch(
      `/api/v1/admin/analytics/overview?timeZone=${encodeURIComponent(timeZone)}`,
      { credentials: 'same-origin' },
    );
    if (response.status === 404) return null;
    const body = (await response.json().catch(() => undefined)) as { data?: AdminOverview } | undefined;
    if (!response.ok || !body?.data) throw ApiError.from(response.status, body);
    return body.data;
  },
  staleTime: 60_000,
});

/** Share of `part` in `whole` as "42.5%", or "–" when there is nothing to divide. */
export function rate(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '–';
}
