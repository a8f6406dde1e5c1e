/**
 * Charge on delivery (issue 38): the business's setting, the hold at publish, one settlement per delivered
 * message (read counts as delivered) and one release per final failure, whatever order and however often the
 * reports arrive; the ledger invariant (held = holds - settlements - releases) after every path. The races
 * run on PostgreSQL with TEST_DATABASE_URL, where writes really run side by side.
 */
import { Decimal } from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { refundDueCampaigns, settleDeliveredMessages } from '../../src/modules/campaigns/index.js';
import { claimMessages, recordOutcomes } from '../../src/modules/messages/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { auditLog, campaignMessages, transactions } from '../../src/platform/db/schema/index.js';
import {
  createContacts,
  createMember,
  createUser,
  setMessagingCredentials,
  type TestUser,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

const URL = '/webhooks/messaging-provider/delivery-reports';
const WORKER = 'hold-test';
const T0 = Date.now() - 3_600_000;
let seq = 1000 + Math.floor(Math.random() * 8000);

/** A phone of `country` (NG, IN, GB or FR: FR has no row of its own, it pays the default). */
function phoneOf(country: 'NG' | 'IN' | 'GB' | 'FR'): string {
  seq++;
  const n = String(seq).padStart(4, '0');
  return { NG: `+2348031${n}00`, IN: `+91981234${n}`, GB: `+4474001${n}1`, FR: `+3361234${n}` }[country];
}

type Event = { externalId: string; eventType: string; eventTs: number; cause?: string; errorCode?: string };

describe('charge on delivery', () => {
  const t = useTestApp({ poolSize: 12 });
  const pg = Boolean(process.env.TEST_DATABASE_URL);

  beforeAll(async () => {
    const admin = await createUser(t, { role: 'admin' });
    // NG 1, IN 0.45, GB 1.4 marketing (the starting card, NG its own row); FR the default 1.1. Utility and
    // authentication: IN 0.15, GB 0.6 / 0.55, default 0.5 (NG and FR).
    const res = await t.request({
      method: 'PUT',
      url: '/admin/price-card',
      token: admin.accessToken,
      body: {
        rows: [
          { country: '*', category: 'marketing', price: 1.1 },
          { country: 'NG', category: 'marketing', price: 1 },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
  });

  /** A sender charging on delivery with `perCountry` contacts in each of NG, IN, GB and FR. */
  async function sender(perCountry = 1, credits = '1000') {
    const user = await createUser(t, { businessVerified: 'accepted', credits });
    await setMessagingCredentials(t, user.businessId);
    for (const country of ['NG', 'IN', 'GB', 'FR'] as const)
      for (let i = 0; i < perCountry; i++)
        await createContacts(t, user.businessId, 1, { phoneNumber: phoneOf(country) });
    const res = await t.request({
      method: 'PUT',
      url: '/business/charging',
      token: user.accessToken,
      body: { chargeOnDelivery: true },
    });
    expect(res.status, res.text).toBe(200);
    return user;
  }

  const publish = async (user: TestUser, messageType = 'marketing') => {
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: `Hold ${messageType}`,
        message: 'Hi',
        messageType,
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id as string;
  };

  /** Claims every queued message of the business and returns them with their recipient's country. */
  async function claim(user: TestUser) {
    const claimed = await claimMessages(t.db, {
      businessId: user.businessId,
      limit: 10_000,
      workerId: WORKER,
      leaseMs: 600_000,
    });
    const rows = await t.db
      .select({ id: campaignMessages.id, country: campaignMessages.countryCode })
      .from(campaignMessages)
      .where(eq(campaignMessages.businessId, user.businessId));
    const country = new Map(rows.map((r) => [r.id, r.country]));
    return claimed.map((m, i) => ({
      id: m.id,
      country: country.get(m.id)!,
      pid: `${m.id.slice(0, 8)}-${i}`,
    }));
  }

  const sendAnswers = (messages: { id: string; pid: string }[], failed: Set<string> = new Set()) =>
    recordOutcomes(
      t.db,
      WORKER,
      messages.map((m) =>
        failed.has(m.id)
          ? { id: m.id, kind: 'failed' as const, error: 'Refused', outcome: 'fail' as const }
          : { id: m.id, kind: 'sent' as const, providerMessageId: m.pid, at: new Date(T0) },
      ),
      settleDeliveredMessages,
    );

  const post = async (events: Event[]) => {
    const res = await t.request({ url: URL, body: events });
    expect(res.status, res.text).toBe(200);
  };
  const ev = (pid: string, eventType: string, offset = 0): Event => ({
    externalId: pid,
    eventType,
    eventTs: T0 + 1000 + offset,
    ...(eventType === 'FAILED' ? { cause: 'EXPIRED', errorCode: '410' } : {}),
  });

  const entries = (businessId: string, kind: 'campaign_hold' | 'campaign_settle' | 'campaign_release') =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, businessId), eq(transactions.kind, kind)));
  const sumOf = (rows: { credits: string | null }[]) =>
    rows.reduce((s, r) => s.plus(r.credits ?? 0), new Decimal(0)).toFixed(4);

  /** Each message charged once in all: settled, or released (and charged again when delivered after it). */
  async function chargesPerMessage(campaignId: string) {
    return queryRows<{
      id: string;
      status: string;
      settle_id: string | null;
      refund_id: string | null;
      recharge_id: string | null;
    }>(
      t.db,
      sql`SELECT id, status, settle_id, refund_id, recharge_id FROM campaign_messages WHERE campaign_id = ${campaignId}`,
    );
  }

  it('is off by default; owners and admins switch it, others may not; bad bodies are 400', async () => {
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const profile = await t.request({ method: 'GET', url: '/business', token: owner.accessToken });
    expect(profile.body.data).toMatchObject({ chargeOnDelivery: false });
    expect(profile.body.data.wallet).toMatchObject({ held: 0 });
    const marketer = await createMember(t, owner, 'marketer');
    const refused = await t.request({
      method: 'PUT',
      url: '/business/charging',
      token: marketer.accessToken,
      body: { chargeOnDelivery: true },
    });
    expect(refused.status).toBe(403);
    for (const body of [{}, { chargeOnDelivery: 'yes' }, { chargeOnDelivery: true, extra: 1 }]) {
      const bad = await t.request({
        method: 'PUT',
        url: '/business/charging',
        token: owner.accessToken,
        body,
      });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const admin = await createMember(t, owner, 'admin');
    const on = await t.request({
      method: 'PUT',
      url: '/business/charging',
      token: admin.accessToken,
      body: { chargeOnDelivery: true },
    });
    expect(on.status, on.text).toBe(200);
    expect(on.body.data).toMatchObject({ chargeOnDelivery: true });
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.businessId, owner.businessId));
    expect(audited.filter((a) => a.action === 'business.charging_changed')).toHaveLength(1);
    // Another tenant's setting is untouched.
    const other = await createUser(t, { businessVerified: 'accepted' });
    const theirs = await t.request({ method: 'GET', url: '/business', token: other.accessToken });
    expect(theirs.body.data.chargeOnDelivery).toBe(false);
  });

  it('holds at publish, settles delivered (read too) and releases failed, per country and category', async () => {
    // Marketing NG 1, IN 0.45, GB 1.4, FR 1.1; utility NG/FR 0.5, IN 0.15, GB 0.6; authentication 0.5/0.15/0.55.
    const cases = [
      { type: 'marketing', price: { NG: '1', IN: '0.45', GB: '1.4', FR: '1.1' } },
      { type: 'utility', price: { NG: '0.5', IN: '0.15', GB: '0.6', FR: '0.5' } },
      { type: 'authentication', price: { NG: '0.5', IN: '0.15', GB: '0.55', FR: '0.5' } },
    ] as const;
    for (const c of cases) {
      const user = await sender();
      const id = await publish(user, c.type);
      const total = Object.values(c.price).reduce((s, p) => s.plus(p), new Decimal(0));
      const [hold, ...more] = await entries(user.businessId, 'campaign_hold');
      expect(more).toEqual([]);
      expect(hold).toMatchObject({ credits: total.toFixed(4), heldDelta: total.toFixed(4) });
      const wallet = await t.request({ method: 'GET', url: '/payments/wallet', token: user.accessToken });
      expect(wallet.body.data).toMatchObject({
        balance: new Decimal(1000).minus(total).toNumber(),
        available: new Decimal(1000).minus(total).toNumber(),
        held: total.toNumber(),
      });
      await expectLedgerBalanced(t);

      const messages = await claim(user);
      const by = (country: string) => messages.find((m) => m.country === country)!;
      // GB refused at send; NG delivered twice; IN read without a delivered; FR stays sent.
      await sendAnswers(messages, new Set([by('GB').id]));
      await post([ev(by('NG').pid, 'DELIVERED'), ev(by('NG').pid, 'DELIVERED', 5), ev(by('IN').pid, 'READ')]);
      await post([ev(by('NG').pid, 'READ', 10), ev(by('IN').pid, 'DELIVERED')]);
      await refundDueCampaigns(t.deps);
      await refundDueCampaigns(t.deps);

      const settled = await entries(user.businessId, 'campaign_settle');
      expect(sumOf(settled)).toBe(new Decimal(c.price.NG).plus(c.price.IN).toFixed(4));
      const released = await entries(user.businessId, 'campaign_release');
      expect(released).toHaveLength(1);
      expect(released[0]).toMatchObject({ credits: new Decimal(c.price.GB).toFixed(4), campaignId: id });
      const w = await walletOf(t, user.businessId);
      // What stays held is the price of the message still only sent (FR).
      expect(w.held).toBe(new Decimal(c.price.FR).toFixed(4));
      expect(w.balance).toBe(new Decimal(1000).minus(total).plus(c.price.GB).toFixed(4));
      await expectLedgerBalanced(t);

      // FR is reported delivered at last: nothing stays held for the finished campaign.
      await post([ev(by('FR').pid, 'DELIVERED')]);
      expect((await walletOf(t, user.businessId)).held).toBe('0.0000');
      const rows = await chargesPerMessage(id);
      expect(rows.filter((r) => r.settle_id).length).toBe(3);
      await expectLedgerBalanced(t);
    }
  });

  it('off, a publish debits as before and nothing is held', async () => {
    const user = await sender();
    await t.request({
      method: 'PUT',
      url: '/business/charging',
      token: user.accessToken,
      body: { chargeOnDelivery: false },
    });
    await publish(user);
    expect(await entries(user.businessId, 'campaign_hold')).toEqual([]);
    expect((await walletOf(t, user.businessId)).held).toBe('0.0000');
    const messages = await claim(user);
    await sendAnswers(messages);
    await post(messages.map((m) => ev(m.pid, 'DELIVERED')));
    expect(await entries(user.businessId, 'campaign_settle')).toEqual([]);
    await expectLedgerBalanced(t);
  });

  it('a cancelled scheduled campaign releases its whole hold', async () => {
    const user = await sender();
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Later',
        message: 'Hi',
        sendToAllContact: true,
        isScheduled: true,
        scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
        paymentMethod: 'credit',
      },
    });
    expect(res.status, res.text).toBe(201);
    const cancel = await t.request({
      method: 'POST',
      url: `/campaigns/${res.body.data.id}/cancel`,
      token: user.accessToken,
    });
    expect(cancel.status, cancel.text).toBe(200);
    const w = await walletOf(t, user.businessId);
    expect(w).toMatchObject({ held: '0.0000', balance: '1000.0000' });
    expect(await entries(user.businessId, 'campaign_release')).toHaveLength(1);
    await expectLedgerBalanced(t);
  });

  describe('races', () => {
    const n = pg ? 25 : 5;

    it('reports arriving before the send answer settle once, with the answer', async () => {
      const user = await sender(n);
      const id = await publish(user);
      const messages = await claim(user);
      // Delivered (twice) before the outcome write stores the ids: kept as pending, applied with it.
      await Promise.all([
        post(messages.map((m) => ev(m.pid, 'DELIVERED'))),
        post(messages.map((m) => ev(m.pid, 'DELIVERED', 3))),
      ]);
      await sendAnswers(messages);
      const rows = await chargesPerMessage(id);
      expect(rows.every((r) => r.status === 'delivered' && r.settle_id)).toBe(true);
      expect((await walletOf(t, user.businessId)).held).toBe('0.0000');
      const held = sumOf(await entries(user.businessId, 'campaign_hold'));
      expect(sumOf(await entries(user.businessId, 'campaign_settle'))).toBe(held);
      await expectLedgerBalanced(t);
    });

    it('duplicate delivered reports at once settle each message once', async () => {
      const user = await sender(n);
      await publish(user);
      const messages = await claim(user);
      await sendAnswers(messages);
      const events = messages.map((m) => ev(m.pid, 'DELIVERED'));
      await Promise.all(
        Array.from({ length: 8 }, (_, k) =>
          post(k % 2 ? events : [...events].reverse().map((e) => ({ ...e, eventType: 'READ' }))),
        ),
      );
      expect((await walletOf(t, user.businessId)).held).toBe('0.0000');
      const held = sumOf(await entries(user.businessId, 'campaign_hold'));
      expect(sumOf(await entries(user.businessId, 'campaign_settle'))).toBe(held);
      await expectLedgerBalanced(t);
    });

    it('delivered and failed racing, with the release sweep, charge each message once', async () => {
      const user = await sender(n);
      const id = await publish(user);
      const messages = await claim(user);
      await sendAnswers(messages);
      const failed = messages.map((m) => ev(m.pid, 'FAILED'));
      const delivered = messages.filter((_, i) => i % 2 === 0).map((m) => ev(m.pid, 'DELIVERED', 50));
      // Reported failures get their outcome from the webhook; the sweep releases final ones meanwhile.
      await Promise.all([
        post(failed),
        post(delivered),
        refundDueCampaigns(t.deps),
        post(failed),
        refundDueCampaigns(t.deps),
      ]);
      await t.db.execute(
        sql`UPDATE campaign_messages SET failure_outcome = 'fail' WHERE campaign_id = ${id} AND status = 'failed'`,
      );
      await Promise.all([refundDueCampaigns(t.deps), post(delivered), refundDueCampaigns(t.deps)]);
      const rows = await chargesPerMessage(id);
      // Every message is final now: a delivered one was settled (or released and charged again), a failed
      // one released; nothing stays held.
      for (const r of rows) {
        if (r.status === 'failed') expect(r.refund_id && !r.settle_id).toBeTruthy();
        else expect(Boolean(r.settle_id) !== Boolean(r.refund_id && r.recharge_id)).toBe(true);
      }
      expect((await walletOf(t, user.businessId)).held).toBe('0.0000');
      await expectLedgerBalanced(t);
    });

    it('refunds of failed messages under concurrent delivered reports release each once', async () => {
      const user = await sender(n);
      const id = await publish(user);
      const messages = await claim(user);
      const refused = new Set(messages.filter((_, i) => i % 3 === 0).map((m) => m.id));
      await sendAnswers(messages, refused);
      const delivered = messages.filter((m) => !refused.has(m.id)).map((m) => ev(m.pid, 'DELIVERED'));
      await Promise.all([
        post(delivered),
        refundDueCampaigns(t.deps),
        post(delivered),
        refundDueCampaigns(t.deps),
        post(delivered),
      ]);
      const rows = await chargesPerMessage(id);
      expect(rows.filter((r) => r.refund_id).length).toBe(refused.size);
      expect(rows.filter((r) => r.settle_id).length).toBe(messages.length - refused.size);
      expect((await walletOf(t, user.businessId)).held).toBe('0.0000');
      const hold = sumOf(await entries(user.businessId, 'campaign_hold'));
      const out = new Decimal(sumOf(await entries(user.businessId, 'campaign_settle'))).plus(
        sumOf(await entries(user.businessId, 'campaign_release')),
      );
      expect(out.toFixed(4)).toBe(hold);
      await expectLedgerBalanced(t);
    });
  });
});
