import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { Data, Query } from '../types';

/** Every webhooks query starts with this key: a change to an endpoint invalidates them all. */
export const webhookKeys = { all: ['webhook-endpoints'] as const };

export type WebhookEndpoint = Data<'/api/v1/webhook-endpoints', 'get'>[number];
export type IssuedEndpoint = Data<'/api/v1/webhook-endpoints', 'post'>;
export type WebhookDelivery = Data<'/api/v1/webhook-endpoints/{id}/deliveries', 'get'>['items'][number];
export type DeliveriesQuery = Query<'/api/v1/webhook-endpoints/{id}/deliveries'>;

export const webhookEndpointsQuery = queryOptions({
  queryKey: [...webhookKeys.all, 'list'],
  queryFn: () => unwrap(api.GET('/api/v1/webhook-endpoints')),
});

/** An endpoint's delivery log, read again every few seconds while shown: deliveries change on their own. */
export const webhookDeliveriesQuery = (id: string, query: DeliveriesQuery) =>
  queryOptions({
    queryKey: [...webhookKeys.all, id, 'deliveries', query],
    queryFn: () =>
      unwrap(api.GET('/api/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id }, query } })),
    refetchInterval: 5_000,
  });
