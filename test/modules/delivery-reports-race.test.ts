import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applyReceipts,
  campaignCounters,
  campaignFailureReasons,
  claimMessages,
  type Receipt,
  recordOutcomes,
} from '../../src/modules/messages/index.js';
import { campaignMessages } from '../../src/platform/db/schema/index.js';
import type { TestApp } from '../harness.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign } from '../jobs/helpers.js';
import { expectCountersMatchRecount, storedActivity } from './message-counters.support.js';

/** 1,000 on PostgreSQL, where writes really run side by side; fewer on the embedded engine. */
const N = process.env.TEST_DATABASE_URL ? 1000 : 200;
const URL = '/webhooks/messaging-provider/delivery-reports';
const WORKER = 'race-test';
const T0 = Date.now() - 3 * 3_600_000;

type Event = { externalId: string; eventType: string; eventTs: number; cause?: string; errorCode?: string };

/** What the gateway reports for message i, in the order it happened: the same script for each campaign. */
function script(tag: string, i: number): Event[] {
  const id = `${tag}-${i}`;
  const at = (offsetMs: number) => T0 + i * 700 + offsetMs;
  const sent = { externalId: id, eventType: 'SENT', eventTs: at(0) };
  switch (i % 10) {
    case 0:
      return [
        sent,
        { externalId: id, eventType: 'FAILED', eventTs: at(5_000), cause: 'EXPIRED', errorCode: '410' },
      ];
    case 1:
      return [
        sent,
        {
          externalId: id,
          eventType: 'FAILED',
          eventTs: at(5_000),
          cause: 'UNKNOWN_SUBSCRIBER',
          errorCode: '003',
        },
        { externalId: id, eventType: 'DELIVERED', eventTs: at(9_000) },
      ];
    case 2:
    case 3:
    case 4:
      return [sent, { externalId: id, eventType: 'DELIVERED', eventTs: at(10_000) }];
    default:
      return [
        sent,
        { externalId: id, eventType: 'DELIVERED', eventTs: at(10_000) },
        { externalId: id, eventType: 'READ', eventTs: at(95_000) },
      ];
  }
}

async function sentCampaign(t: TestApp, n: number, tag: string) {
  const setup = await queuedCampaign(t, n);
  const claimed = await claimMessages(t.db, {
    businessId: setup.campaign.businessId,
    limit: n,
    workerId: WORKER,
    leaseMs: 60_000,
  });
  const at = new Date(T0 - 1_000);
  await recordOutcomes(
    t.db,
    WORKER,
    claimed.map((m, i) => ({ id: m.id, kind: 'sent' as const, providerMessageId: `${tag}-${i}`, at })),
  );
  return setup.campaign;
}

/** Each message's final state, by its index. */
async function finalStates(t: TestApp, campaignId: string, tag: string) {
  const rows = await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaignId));
  const byIndex = new Map(
    rows.map((m) => [
      Number(m.providerMessageId!.slice(tag.length + 1)),
      {
        status: m.status,
        sentAt: m.sentAt?.toISOString() ?? null,
        deliveredAt: m.deliveredAt?.toISOString() ?? null,
        readAt: m.readAt?.toISOString() ?? null,
        failedAt: m.failedAt?.toISOString() ?? null,
        error: m.error,
        errorCode: m.errorCode,
      },
    ]),
  );
  return Array.from({ length: rows.length }, (_, i) => byIndex.get(i));
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Runs `tasks` with at most `limit` at once. */
async function concurrently(tasks: (() => Promise<unknown>)[], limit: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

describe('delivery reports in any order, repeated, concurrently', () => {
  const t = useTestApp({ poolSize: 12 });

  const post = async (events: Event[]) => {
    const res = await t.request({ url: URL, body: events });
    expect(res.status).toBe(200);
  };

  it('end in the same states and counters as the reports in order, once each', async () => {
    const ordered = await sentCampaign(t, N, 'inorder');
    const shuffled = await sentCampaign(t, N, 'shuffled');

    // In order, one callback after another, each report once.
    const inOrder = Array.from({ length: N }, (_, i) => script('inorder', i))
      .flat()
      .sort((a, b) => a.eventTs - b.eventTs);
    for (const batch of batches(inOrder, 20)) await post(batch);

    // Every report twice, in a random order, 20 to a callback, 24 callbacks at a time.
    const everyOrder = shuffle(
      Array.from({ length: N }, (_, i) => script('shuffled', i))
        .flat()
        .flatMap((e) => [e, { ...e }]),
    );
    await concurrently(
      batches(everyOrder, 20).map((batch) => () => post(batch)),
      24,
    );

    const expected = await finalStates(t, ordered.id, 'inorder');
    expect(await finalStates(t, shuffled.id, 'shuffled')).toEqual(expected);
    const counters = await campaignCounters(t.db, ordered.id);
    expect(await campaignCounters(t.db, shuffled.id)).toEqual(counters);
    expect(counters).toMatchObject({
      recipients: N,
      failed: N / 10,
      failedAfterSent: N / 10,
      delivered: (N / 10) * 4,
      read: (N / 10) * 5,
    });
    expect(await campaignFailureReasons(t.db, shuffled.id)).toEqual(
      await campaignFailureReasons(t.db, ordered.id),
    );
    expect(await campaignFailureReasons(t.db, ordered.id)).toEqual([{ reason: 'EXPIRED', count: N / 10 }]);
    const withoutId = (rows: Awaited<ReturnType<typeof storedActivity>>) => rows;
    expect(withoutId(await storedActivity(t, shuffled.id))).toEqual(
      withoutId(await storedActivity(t, ordered.id)),
    );
    await expectCountersMatchRecount(t, ordered.id);
    await expectCountersMatchRecount(t, shuffled.id);
  });

  it('never deadlock or double count when writes naming the same messages run side by side', async () => {
    const campaign = await sentCampaign(t, 300, 'side');
    const events: Receipt[] = Array.from({ length: 300 }, (_, i) => script('side', i))
      .flat()
      .map((e) => ({
        providerMessageId: e.externalId,
        event: e.eventType.toLowerCase() as Receipt['event'],
        at: new Date(e.eventTs),
        errorCode: e.errorCode ?? null,
        reason: e.cause ?? null,
      }));
    // Eight statements at once, each with every report, in different orders.
    await Promise.all(Array.from({ length: 8 }, () => applyReceipts(t.db, shuffle([...events]))));
    expect(await campaignCounters(t.db, campaign.id)).toMatchObject({
      recipients: 300,
      failed: 30,
      delivered: 120,
      read: 150,
    });
    await expectCountersMatchRecount(t, campaign.id);
  });
});
