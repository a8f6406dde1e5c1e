import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applyReceipts, claimMessages, recordOutcomes } from '../../src/modules/messages/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { campaignMessages, conversationMessages, conversations } from '../../src/platform/db/schema/index.js';
import { createUser } from '../factories.js';
import type { TestApp } from '../harness.js';
import { useTestApp } from '../harness.js';
import { queuedCampaign } from '../jobs/helpers.js';

const URL = '/webhooks/messaging-provider/delivery-reports';
const WORKER = 'reports-scope-test';

/** A published campaign with one message, which the gateway accepted under `pid`. */
async function sentOne(t: TestApp, pid: string) {
  const setup = await queuedCampaign(t, 1);
  const claimed = await claimMessages(t.db, {
    businessId: setup.campaign.businessId,
    limit: 1,
    workerId: WORKER,
    leaseMs: 60_000,
  });
  await recordOutcomes(t.db, WORKER, [
    { id: claimed[0]!.id, kind: 'sent', providerMessageId: pid, at: new Date() },
  ]);
  return setup;
}

async function messageOfCampaign(t: TestApp, campaignId: string) {
  const [row] = await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaignId));
  return row!;
}

const digits = (phone: string) => phone.replace(/\D/g, '');

describe('delivery reports are scoped to their recipient', () => {
  const t = useTestApp();

  it('a report naming another business’s message id with a different recipient changes nothing', async () => {
    const theirs = await sentOne(t, 'shared-1');
    const res = await t.request({
      url: URL,
      body: [{ externalId: 'shared-1', eventType: 'FAILED', eventTs: Date.now(), destAddr: '2349999999999' }],
    });
    expect(res.status).toBe(200);
    expect(await messageOfCampaign(t, theirs.campaign.id)).toMatchObject({ status: 'sent', error: null });
  });

  it('an id two businesses share moves only the message of the reported recipient', async () => {
    const a = await sentOne(t, 'shared-2');
    const b = await sentOne(t, 'shared-2');
    await t.request({
      url: URL,
      body: [
        { externalId: 'shared-2', eventType: 'READ', eventTs: Date.now(), destAddr: digits(a.phones[0]!) },
      ],
    });
    expect(await messageOfCampaign(t, a.campaign.id)).toMatchObject({ status: 'read' });
    expect(await messageOfCampaign(t, b.campaign.id)).toMatchObject({ status: 'sent' });
    // Without a recipient, an id that names two messages names neither.
    await t.request({
      url: URL,
      body: [{ externalId: 'shared-2', eventType: 'FAILED', eventTs: Date.now() }],
    });
    expect(await messageOfCampaign(t, b.campaign.id)).toMatchObject({ status: 'sent' });
  });

  it('an id a campaign message and a reply share names neither without a recipient', async () => {
    const campaign = await sentOne(t, 'shared-3');
    const other = await createUser(t, { businessVerified: 'accepted' });
    const [conversation] = await t.db
      .insert(conversations)
      .values({ businessId: other.businessId, phoneNumber: '+2348055500001' })
      .returning();
    const [reply] = await t.db
      .insert(conversationMessages)
      .values({
        conversationId: conversation!.id,
        businessId: other.businessId,
        direction: 'out',
        type: 'text',
        text: 'Hello',
        status: 'sent',
        providerMessageId: 'shared-3',
      })
      .returning();
    const res = await t.request({
      url: URL,
      body: [{ externalId: 'shared-3', eventType: 'FAILED', eventTs: Date.now() }],
    });
    expect(res.status).toBe(200);
    expect(await messageOfCampaign(t, campaign.campaign.id)).toMatchObject({ status: 'sent' });
    const [after] = await t.db
      .select()
      .from(conversationMessages)
      .where(eq(conversationMessages.id, reply!.id));
    expect(after).toMatchObject({ status: 'sent' });
  });

  it('a Cloud status for another recipient changes nothing', async () => {
    const theirs = await sentOne(t, 'pn-1:wamid.X');
    const applied = await applyReceipts(t.db, [
      { providerMessageId: 'pn-1:wamid.X', recipient: '2349999999998', event: 'read', at: new Date() },
    ]);
    expect(applied.applied).toBe(0);
    expect(await messageOfCampaign(t, theirs.campaign.id)).toMatchObject({ status: 'sent' });
  });

  it('a pending report is applied only to the message of its recipient', async () => {
    await applyReceipts(t.db, [
      { providerMessageId: 'late-1', recipient: '2349999999997', event: 'delivered', at: new Date() },
    ]);
    const theirs = await sentOne(t, 'late-1');
    expect(await messageOfCampaign(t, theirs.campaign.id)).toMatchObject({ status: 'sent' });
  });

  it('keeps at most the cap of reports for unknown ids, refusing the rest', async () => {
    await t.db.execute(sql`DELETE FROM pending_receipts`);
    const many = Array.from({ length: 5 }, (_, i) => ({
      providerMessageId: `unknown-${i}`,
      recipient: '2348000000001',
      event: 'delivered' as const,
      at: new Date(),
    }));
    const first = await applyReceipts(t.db, many.slice(0, 3), { pendingCap: 4 });
    expect(first.pending).toBe(3);
    const second = await applyReceipts(t.db, many.slice(3), { pendingCap: 4 });
    expect(second.pending).toBe(1);
    const [row] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM pending_receipts`);
    expect(Number(row!.n)).toBe(4);
  });
});
