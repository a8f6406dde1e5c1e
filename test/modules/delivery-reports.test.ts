import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  campaignCounters,
  claimMessages,
  deliveryReportsTotal,
  recordOutcomes,
} from '../../src/modules/messages/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { campaignMessages } from '../../src/platform/db/schema/index.js';
import type { TestApp } from '../harness.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign } from '../jobs/helpers.js';
import { expectCountersMatchRecount } from './message-counters.support.js';

const URL = '/webhooks/messaging-provider/delivery-reports';
const WORKER = 'reports-test';

/** A published campaign whose `n` messages the gateway accepted under ids `<tag>-0` ... */
async function sentCampaign(t: TestApp, n: number, tag: string) {
  const setup = await queuedCampaign(t, n);
  const claimed = await claimMessages(t.db, {
    businessId: setup.campaign.businessId,
    limit: n,
    workerId: WORKER,
    leaseMs: 60_000,
  });
  const at = new Date();
  await recordOutcomes(
    t.db,
    WORKER,
    claimed.map((m, i) => ({ id: m.id, kind: 'sent' as const, providerMessageId: `${tag}-${i}`, at })),
  );
  return setup;
}

async function messageOf(t: TestApp, providerMessageId: string) {
  const [row] = await t.db
    .select()
    .from(campaignMessages)
    .where(eq(campaignMessages.providerMessageId, providerMessageId));
  return row!;
}

/** The recipient of the message stored under `providerMessageId`, as the gateway writes it (digits only). */
async function recipientOf(t: TestApp, providerMessageId: string, phones: string[]): Promise<string> {
  const phone = (await messageOf(t, providerMessageId)).phoneNumber;
  expect(phones).toContain(phone);
  return phone.replace(/\D/g, '');
}

async function pendingCount(t: TestApp): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM pending_receipts`);
  return Number(row!.n);
}

async function reportsCounted(result: string): Promise<number> {
  const metric = await deliveryReportsTotal.get();
  return metric.values.find((v) => v.labels.result === result)?.value ?? 0;
}

describe('delivery-report callback', () => {
  const t = useTestApp();

  it('applies a JSON array of events and answers 200, unknown ids and malformed items included', async () => {
    const { campaign, phones } = await sentCampaign(t, 3, 'json');
    const malformedBefore = await reportsCounted('malformed');
    const pendingBefore = await pendingCount(t);
    const ts = Date.UTC(2025, 5, 1, 12, 0);
    const res = await t.request({
      url: URL,
      body: [
        {
          externalId: 'json-0',
          eventType: 'DELIVERED',
          eventTs: ts,
          destAddr: await recipientOf(t, 'json-0', phones),
          channel: 'WHATSAPP',
        },
        { externalId: 'json-1', eventType: 'READ', eventTs: ts + 60_000 },
        {
          externalId: 'json-2',
          eventType: 'FAILED',
          eventTs: ts,
          cause: 'UNKNOWN_SUBSCRIBER',
          errorCode: '003',
        },
        { externalId: 'not-ours', eventType: 'DELIVERED', eventTs: ts },
        { eventType: 'DELIVERED' },
        { externalId: 'json-0', eventType: 'BOUNCED' },
        'junk',
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', code: 200 });
    expect(await messageOf(t, 'json-0')).toMatchObject({
      status: 'delivered',
      deliveredAt: new Date(ts),
    });
    expect(await messageOf(t, 'json-1')).toMatchObject({ status: 'read', readAt: new Date(ts + 60_000) });
    expect(await messageOf(t, 'json-2')).toMatchObject({
      status: 'failed',
      error: 'UNKNOWN_SUBSCRIBER',
      errorCode: '003',
      failedAt: new Date(ts),
    });
    expect(await pendingCount(t)).toBe(pendingBefore + 1);
    expect((await reportsCounted('malformed')) - malformedBefore).toBe(3);
    await expectCountersMatchRecount(t, campaign.id);
  });

  it('reads one report from form fields or from the query string', async () => {
    const { phones } = await sentCampaign(t, 2, 'form');
    const form = new URLSearchParams({
      externalId: 'form-0',
      deliveredTS: String(Date.UTC(2030, 5, 1, 13, 0)),
      status: 'SUCCESS',
      cause: 'SUCCESS',
      phoneNo: await recipientOf(t, 'form-0', phones),
      errCode: '000',
    });
    const res = await t.request({
      url: URL,
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect(await messageOf(t, 'form-0')).toMatchObject({ status: 'delivered', error: null });

    const byQuery = await t.request({
      method: 'POST',
      url: URL,
      query: {
        externalId: 'form-1',
        deliveredTS: '1906030800000',
        status: 'FAILURE',
        cause: 'ABSENT_SUBSCRIBER',
        errCode: '001',
      },
    });
    expect(byQuery.status).toBe(200);
    expect(await messageOf(t, 'form-1')).toMatchObject({
      status: 'failed',
      error: 'ABSENT_SUBSCRIBER',
      errorCode: '001',
    });
  });

  it('answers 200 to an unreadable body and stores nothing', async () => {
    const before = await pendingCount(t);
    for (const payload of ['{not json', 'hello=world', '']) {
      const res = await t.request({
        method: 'POST',
        url: URL,
        payload,
        headers: { 'content-type': payload.startsWith('{') ? 'application/json' : 'text/plain' },
      });
      expect(res.status).toBe(200);
    }
    expect(await pendingCount(t)).toBe(before);
  });

  it('pushes campaignProgress to the business room with the counters', async () => {
    const { campaign } = await sentCampaign(t, 2, 'live');
    await t.request({
      url: URL,
      body: [
        { externalId: 'live-0', eventType: 'DELIVERED', eventTs: Date.now() },
        { externalId: 'live-1', eventType: 'READ', eventTs: Date.now() },
      ],
    });
    const progress = await vi.waitFor(
      () => {
        const found = t.realtime.events.filter(
          (e) =>
            e.event === 'campaignProgress' &&
            (e.payload as { campaignId: string }).campaignId === campaign.id &&
            (e.payload as { read: number }).read === 1,
        );
        expect(found.length).toBeGreaterThan(0);
        return found.at(-1)!;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(progress.room).toBe(`business:${campaign.businessId}`);
    expect(progress.payload).toEqual({
      campaignId: campaign.id,
      status: 'pending',
      state: 'sending',
      recipients: 2,
      sent: 2,
      delivered: 2,
      read: 1,
      clicked: 0,
      replied: 0,
      failed: 0,
      pending: 0,
    });
    expect(await campaignCounters(t.db, campaign.id)).toMatchObject({ delivered: 1, read: 1 });
  });
});

describe('delivery-report callback with MESSAGING_WEBHOOK_SECRET', () => {
  const secret = 'a-long-enough-webhook-secret';
  const t = useTestApp({ env: { MESSAGING_WEBHOOK_SECRET: secret } });

  it('refuses a report without the token (401, nothing stored) and takes it with the token', async () => {
    await sentCampaign(t, 1, 'auth');
    const rejectedBefore = await reportsCounted('rejected');
    const body = [{ externalId: 'auth-0', eventType: 'READ', eventTs: Date.now() }];
    for (const attempt of [{}, { query: { token: 'wrong-token-wrong-token' } }]) {
      const res = await t.request({ url: URL, body, ...attempt });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 'failure', code: 401 });
    }
    expect(await messageOf(t, 'auth-0')).toMatchObject({ status: 'sent' });
    expect(await pendingCount(t)).toBe(0);
    expect((await reportsCounted('rejected')) - rejectedBefore).toBe(2);

    const byHeader = await t.request({ url: URL, body, headers: { 'x-webhook-token': secret } });
    expect(byHeader.status).toBe(200);
    expect(await messageOf(t, 'auth-0')).toMatchObject({ status: 'read' });
    const byQuery = await t.request({ url: URL, body, query: { token: secret } });
    expect(byQuery.status).toBe(200);
  });
});
