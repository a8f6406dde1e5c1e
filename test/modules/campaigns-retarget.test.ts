import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RETARGET_OUTCOMES } from '../../src/modules/messages/index.js';
import { campaignMessages, contacts } from '../../src/platform/db/schema/index.js';
import {
  createContacts,
  createUser,
  setMessagingCredentials,
  type TestUser,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

/**
 * Retarget audiences: a campaign's recipients with an outcome in another campaign of the business, still
 * opted in, narrowed by tags. The first campaign's results are set as the dispatcher, receipts and clicks
 * set them (status and timestamps on each message), so every outcome has a known set of recipients.
 */
describe('retarget audiences', () => {
  const t = useTestApp();

  /** What each recipient of the first campaign did, by name. */
  const MIX = {
    failed: { status: 'failed' },
    sentOnly: { status: 'sent' },
    deliveredA: { status: 'delivered' },
    deliveredB: { status: 'delivered', tags: ['vip'] },
    readClicked: { status: 'read', clicked: true, tags: ['vip'] },
    readOnly: { status: 'read', tags: ['vip'] },
    readOptedOut: { status: 'read', optOut: true },
    deliveredOptedOut: { status: 'delivered', optOut: true },
    clickedNoReceipt: { status: 'sent', clicked: true },
    pending: { status: 'queued' },
  } as const;
  type Name = keyof typeof MIX;

  const EXPECTED: Record<(typeof RETARGET_OUTCOMES)[number], Name[]> = {
    failed: ['failed'],
    'not-delivered': ['failed', 'sentOnly', 'clickedNoReceipt'],
    'delivered-not-read': ['deliveredA', 'deliveredB'],
    read: ['readClicked', 'readOnly'],
    clicked: ['readClicked', 'clickedNoReceipt'],
    'read-not-clicked': ['readOnly'],
  };

  async function firstCampaign() {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await setMessagingCredentials(t, user.businessId);
    const names = Object.keys(MIX) as Name[];
    const phoneOf = {} as Record<Name, string>;
    for (const name of names) {
      const spec = MIX[name] as { tags?: string[] };
      const [c] = await createContacts(t, user.businessId, 1, { firstName: name, tags: spec.tags ?? [] });
      phoneOf[name] = c!.phoneNumber;
    }
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'First',
        message: 'Hi',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status).toBe(201);
    const id = res.body.data.id as string;
    for (const name of names) {
      const spec = MIX[name] as { status: string; clicked?: boolean; optOut?: boolean };
      const reached = ['sent', 'delivered', 'read'].indexOf(spec.status);
      await t.db.execute(sql`
        UPDATE campaign_messages SET status = ${spec.status}::message_status,
          sent_at = CASE WHEN ${reached >= 0} THEN now() END,
          delivered_at = CASE WHEN ${reached >= 1} THEN now() END,
          read_at = CASE WHEN ${reached >= 2} THEN now() END,
          failed_at = CASE WHEN ${spec.status === 'failed'} THEN now() END,
          error = CASE WHEN ${spec.status === 'failed'} THEN 'Rejected' END,
          clicked_at = CASE WHEN ${spec.clicked ?? false} THEN now() END
        WHERE campaign_id = ${id} AND phone_number = ${phoneOf[name]}`);
      if (spec.optOut)
        await t.db.update(contacts).set({ optIn: false }).where(eq(contacts.phoneNumber, phoneOf[name]));
    }
    return { user, id, phoneOf };
  }

  const estimate = (user: TestUser, body: object) =>
    t.request({ url: '/campaigns/estimate', token: user.accessToken, body });

  it('counts and sends each outcome to exactly its recipients, never to an opted-out contact', async () => {
    const { user, id, phoneOf } = await firstCampaign();
    const before = Number((await walletOf(t, user.businessId)).balance);
    let spent = 0;
    for (const outcome of RETARGET_OUTCOMES) {
      const expected = EXPECTED[outcome].map((n) => phoneOf[n]).sort();
      const est = await estimate(user, { audience: { fromCampaign: id, outcome } });
      expect(est.status).toBe(200);
      expect({ outcome, recipients: est.body.data.recipients }).toEqual({
        outcome,
        recipients: expected.length,
      });

      const res = await t.request({
        url: '/campaigns',
        token: user.accessToken,
        body: {
          name: `Follow-up ${outcome}`,
          message: 'Still interested?',
          sendToAllContact: false,
          audience: { fromCampaign: id, outcome },
          isScheduled: false,
          paymentMethod: 'credit',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.data.audience).toEqual({ fromCampaign: id, outcome });
      expect(res.body.data.recipientCount).toBe(expected.length);
      const sent = await t.db
        .select({ phone: campaignMessages.phoneNumber })
        .from(campaignMessages)
        .where(eq(campaignMessages.campaignId, res.body.data.id));
      expect({ outcome, phones: sent.map((m) => m.phone).sort() }).toEqual({ outcome, phones: expected });
      spent += Number(res.body.data.cost);
    }
    // Each follow-up was billed for its own recipients, one ledger entry each.
    expect(Number((await walletOf(t, user.businessId)).balance)).toBeCloseTo(before - spent, 4);
    await expectLedgerBalanced(t);
  });

  it('narrows a retarget audience by tags (any or all)', async () => {
    const { user, id, phoneOf } = await firstCampaign();
    const read = await estimate(user, { audience: { fromCampaign: id, outcome: 'read' }, tags: ['vip'] });
    expect(read.body.data.recipients).toBe(2);
    const delivered = await estimate(user, {
      audience: { fromCampaign: id, outcome: 'delivered-not-read' },
      tags: ['vip', 'gold'],
      tagMatch: 'all',
    });
    expect(delivered.body.data.recipients).toBe(0);
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'VIP readers who did not click',
        message: 'Hi',
        sendToAllContact: false,
        tags: ['vip'],
        audience: { fromCampaign: id, outcome: 'read-not-clicked' },
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    const sent = await t.db
      .select({ phone: campaignMessages.phoneNumber })
      .from(campaignMessages)
      .where(eq(campaignMessages.campaignId, res.body.data.id));
    expect(sent.map((m) => m.phone)).toEqual([phoneOf.readOnly]);
  });

  it("refuses another business's campaign, an unsent one, a bad outcome and a mixed audience with a 400 naming the field", async () => {
    const { user, id } = await firstCampaign();
    const other = await firstCampaign();
    const draft = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: { name: 'Draft', message: 'Hi', sendToAllContact: true, isScheduled: false },
    });
    const base = { name: 'F', message: 'Hi', sendToAllContact: false, isScheduled: false };
    const cases: [object, string, string][] = [
      [{ fromCampaign: other.id, outcome: 'read' }, 'audience.fromCampaign', 'Campaign not found'],
      [
        { fromCampaign: '00000000-0000-4000-8000-000000000000', outcome: 'read' },
        'audience.fromCampaign',
        'Campaign not found',
      ],
      [{ fromCampaign: draft.body.data.id, outcome: 'read' }, 'audience.fromCampaign', 'not been sent'],
      [{ fromCampaign: id, outcome: 'opened' }, 'audience.outcome', 'Must be one of'],
      [{ fromCampaign: 'nope', outcome: 'read' }, 'audience.fromCampaign', 'UUID'],
    ];
    for (const [audience, path, message] of cases) {
      for (const url of ['/campaigns', '/campaigns/estimate']) {
        const res = await t.request({ url, token: user.accessToken, body: { ...base, audience } });
        expect({ url, path, status: res.status }).toEqual({ url, path, status: 400 });
        const detail = JSON.stringify(res.body);
        expect(detail).toContain(path);
        expect(detail).toContain(message);
      }
    }
    const mixed = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: { ...base, sendToAllContact: true, audience: { fromCampaign: id, outcome: 'read' } },
    });
    expect(mixed.status).toBe(400);
    expect(JSON.stringify(mixed.body)).toContain('sendToAllContact');
    // Nothing was written by the refused creates.
    const [count] = await t.db
      .execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM campaigns WHERE business_id = ${user.businessId}`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(Number(count!.n)).toBe(2);
  });
});
