import { api, unwrap } from '../api/client';
import { ApiError } from '../api/errors';

export const campaignsQuery = (query: { page?: number; pageSize?: number; search?: string }) => ({
  queryKey: ['campaigns', 'list', query],
  queryFn: () => unwrap(api.GET('/api/v1/campaigns', { params: { query } })),
});

export const campaignStatsQuery = {
  queryKey: ['campaigns', 'stats'],
  queryFn: () => unwrap(api.GET('/api/v1/campaigns/stats')),
};

export const contactsCountQuery = {
  queryKey: ['contacts', 'count'],
  queryFn: () => unwrap(api.GET('/api/v1/contacts', { params: { query: { page: 1, pageSize: 1 } } })),
};

/**
 * An endpoint the console uses when the service has it (analytics, reports, estimates, tags arrive with
 * delivery receipts): its data, or null when the service answers 404 for the route itself.
 */
export async function optionalJson<T>(url: string, init?: RequestInit): Promise<T | null> {
  const res = await fetch(url, {
    credentials: 'same-origin',
    ...init,
    headers: init?.body ? { 'content-type': 'application/json' } : undefined,
  });
  let body: { data?: T; message?: string } | undefined;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (res.status === 404 && body?.message?.startsWith('Route ')) return null;
  if (!res.ok) throw ApiError.from(res.status, body);
  return (body?.data ?? null) as T | null;
}

export type CampaignStatus = 'draft' | 'scheduled' | 'pending' | 'sent';
export const STATUS_LABEL: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  pending: 'Sending',
  sent: 'Sent',
};
export const STATUS_COLOR: Record<CampaignStatus, string> = {
  draft: 'gray',
  scheduled: 'violet',
  pending: 'orange',
  sent: 'green',
};
