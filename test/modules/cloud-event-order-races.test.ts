import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messagingLimits, templates } from '../../src/platform/db/schema/index.js';
import { useTestApp } from '../harness.js';
import { cloudWebhookBody, qualityUpdateValue, signedHeaders } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, templateInput, useGraph } from './cloud-support.js';

// Deliveries racing each other on several connections: PostgreSQL only (PGlite runs one statement at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('Cloud events racing (PostgreSQL)', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);

  const post = (body: string) =>
    t.request({ url: '/webhooks/whatsapp-cloud', headers: signedHeaders(APP_SECRET, body), payload: body });

  it("a number's first two events arriving at once: the newer one's quality and tier stand", async () => {
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    for (let round = 0; round < 5; round++) {
      const { user, account, wabaNumber } = await cloudBusiness(t, graph.sim);
      const event = (change: Parameters<typeof qualityUpdateValue>[1], time: number) =>
        cloudWebhookBody(
          account.wabaId,
          'phone_number_quality_update',
          qualityUpdateValue(wabaNumber, change),
          time,
        );
      const answers = await Promise.all([
        post(event({ event: 'FLAGGED', currentLimit: 'TIER_1K' }, t0 + 60)),
        post(event({ event: 'UNFLAGGED', currentLimit: 'TIER_10K' }, t0)),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const [limit] = await t.db
        .select()
        .from(messagingLimits)
        .where(eq(messagingLimits.businessId, user.businessId));
      expect(limit).toMatchObject({ qualityRating: 'FLAGGED', tier: 'TIER_1K', dailyRecipients: 1000 });
    }
  });

  it("a template's two status events arriving at once: the newer one stands", async () => {
    const t0 = Math.floor(Date.now() / 1000) - 3600;
    const { user, account } = await cloudBusiness(t, graph.sim);
    for (let round = 0; round < 5; round++) {
      const res = await t.request({
        url: '/templates',
        token: user.accessToken,
        body: templateInput(`race_${round}_${Date.now()}`),
      });
      const [row] = await t.db.select().from(templates).where(eq(templates.id, res.body.data.id));
      const event = (status: string, time: number) =>
        cloudWebhookBody(
          account.wabaId,
          'message_template_status_update',
          {
            event: status,
            message_template_id: Number(row!.providerTemplateId),
            message_template_name: row!.name,
            message_template_language: row!.language,
            reason: 'NONE',
          },
          time,
        );
      await Promise.all([post(event('PAUSED', t0 + 60)), post(event('APPROVED', t0))]);
      const [after] = await t.db.select().from(templates).where(eq(templates.id, row!.id));
      expect(after!.status).toBe('PAUSED');
    }
  });
});
