import { describe, expect, it } from 'vitest';
import { useTestApp } from '../harness.js';

describe('metrics', () => {
  const t = useTestApp({ env: { METRICS_ENABLED: 'true' } });

  it('serves Prometheus metrics: request latency by route, queue depth, process metrics', async () => {
    await t.request({ url: '/health' });
    const res = await t.request({ url: '/metrics' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(
      /http_request_duration_seconds_bucket\{[^}]*route="\/api\/v1\/health"[^}]*status="200"/,
    );
    expect(res.text).toContain('campaign_queue_depth{status="queued"} 0');
    expect(res.text).toContain('process_resident_memory_bytes');
  });
});

describe('metrics disabled', () => {
  const t = useTestApp();

  it('has no /metrics route', async () => {
    expect((await t.request({ url: '/metrics' })).status).toBe(404);
  });
});
