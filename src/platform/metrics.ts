import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (METRICS_ENABLED). One registry per process; the counters are incremented by the
 * code that does the work (dispatcher, webhooks) whether or not metrics are served, which costs nothing.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request latency by method, route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const messagesTotal = new Counter({
  name: 'campaign_messages_total',
  help: 'Campaign message outcomes recorded by dispatchers: sent, failed (final), retried, released (requeued)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const webhookEventsTotal = new Counter({
  name: 'webhook_events_total',
  help: 'Inbound webhook events by provider and result (processed, duplicate, rejected, failed)',
  labelNames: ['provider', 'result'] as const,
  registers: [registry],
});
