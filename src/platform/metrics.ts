import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Db, queryRows } from './db/client.js';

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

let queueDb: Db | undefined;
/** Queue depth is read from the database at scrape time: it is shared by every process. */
new Gauge({
  name: 'campaign_queue_depth',
  help: 'Campaign messages waiting to be sent, by status',
  labelNames: ['status'] as const,
  registers: [registry],
  async collect() {
    if (!queueDb) return;
    this.reset();
    const rows = await queryRows<{ status: string; n: number }>(
      queueDb,
      sql`SELECT status, count(*)::int AS n FROM campaign_messages WHERE status IN ('held', 'queued', 'sending') GROUP BY status`,
    );
    for (const s of ['held', 'queued', 'sending'])
      this.set({ status: s }, rows.find((r) => r.status === s)?.n ?? 0);
  },
});

export function watchQueue(db: Db): void {
  queueDb = db;
}
