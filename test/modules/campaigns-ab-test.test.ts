import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { chooseWinner, decideDueTests, pickWinner } from '../../src/modules/campaigns/index.js';
import { releaseHeldMessages } from '../../src/modules/messages/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { campaignMessages, campaigns, contacts } from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, setMessagingCredentials, type TestUser } from '../factories.js';
import { useTestApp } from '../harness.js';
import { testDispatcher, useGateway } from '../jobs/helpers.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

const MINUTE = 60_000;

/**
 * A/B variants: a random test share of the audience is dealt to two or three variants; after the chosen
 * time the variant with the better read (or click) rate goes to the rest, once, whichever process decides;
 * the business may pick the winner by hand first. The clock of the decision is passed in (a fake one here).
 */
describe('A/B variants', () => {
  const t = useTestApp();
  const sim = useGateway();
  const running: Dispatcher[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((d) => d.stop()));
    sim.gateway.reset();
    // Each test's campaigns go, so a later decision round or dispatcher sees only its own.
    await t.db.delete(campaigns);
  });

  async function sender(credits = '20000'): Promise<TestUser> {
    const user = await createUser(t, { businessVerified: 'accepted', credits });
    await setMessagingCredentials(t, user.businessId, { userId: 'hsm-user', password: 'hsm-password' });
    return user;
  }

  const abBody = (over: Record<string, unknown> = {}) => ({
    name: 'Spring sale test',
    message: 'Variant A text',
    sendToAllContact: true,
    isScheduled: false,
    variants: [
      { name: 'A', message: 'A: 20% off today' },
      { name: 'B', message: 'B: buy one get one' },
    ],
    abTest: { testShare: 0.5, metric: 'readRate', decideAfterMinutes: 240 },
    ...over,
  });

  async function publishAb(user: TestUser, over: Record<string, unknown> = {}) {
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: { ...abBody(over), paymentMethod: 'credit' },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: string; cost: number; sentOutAt: string };
  }

  const byVariant = async (campaignId: string) =>
    queryRows<{ variant: number | null; status: string; n: number }>(
      t.db,
      sql`SELECT variant, status::text AS status, count(*)::int AS n FROM campaign_messages
          WHERE campaign_id = ${campaignId} GROUP BY 1, 2 ORDER BY 1, 2`,
    );

  /** Sets how many of each variant's messages were delivered and read (and clicked). */
  async function results(campaignId: string, variant: number, delivered: number, read: number, clicked = 0) {
    const ids = await t.db
      .select({ id: campaignMessages.id })
      .from(campaignMessages)
      .where(sql`${campaignMessages.campaignId} = ${campaignId} AND ${campaignMessages.variant} = ${variant}`)
      .orderBy(campaignMessages.id);
    for (const [i, { id }] of ids.entries()) {
      const status = i < read ? 'read' : i < delivered ? 'delivered' : 'sent';
      await t.db.execute(sql`
        UPDATE campaign_messages SET status = ${status}::message_status, sent_at = now(),
          delivered_at = CASE WHEN ${i < delivered} THEN now() END,
          read_at = CASE WHEN ${i < read} THEN now() END,
          clicked_at = CASE WHEN ${i < clicked} THEN now() END
        WHERE id = ${id}`);
    }
  }

  it('deals a random test share to the variants in equal parts on 10,000 recipients; the rest waits', async () => {
    const user = await sender();
    await createContacts(t, user.businessId, 10_000);
    const campaign = await publishAb(user, {
      variants: [
        { name: 'A', message: 'a' },
        { name: 'B', message: 'b' },
        { name: 'C', message: 'c' },
      ],
      abTest: { testShare: 0.2, metric: 'clickRate', decideAfterMinutes: 60 },
    });
    const rows = await byVariant(campaign.id);
    const count = (v: number | null) =>
      rows.filter((r) => r.variant === v).reduce((n, r) => n + Number(r.n), 0);
    // 20% tested, a third each (within one message), the rest held for the winner.
    for (const v of [0, 1, 2]) expect(Math.abs(count(v) - 2_000 / 3)).toBeLessThanOrEqual(1);
    expect(count(null)).toBe(8_000);
    expect(rows.filter((r) => r.variant === null).map((r) => r.status)).toEqual(['held']);
    // Chosen at random: the tested share of the first half of the contacts (by phone) is near 20%.
    const [half] = await queryRows<{ tested: number; n: number }>(
      t.db,
      sql`SELECT count(*) FILTER (WHERE variant IS NOT NULL)::int AS tested, count(*)::int AS n FROM (
            SELECT variant FROM campaign_messages WHERE campaign_id = ${campaign.id}
            ORDER BY phone_number LIMIT 5000) h`,
    );
    expect(Math.abs(half!.tested / half!.n - 0.2)).toBeLessThan(0.03);
    // The whole audience was billed once at publish; each variant's share adds up to it.
    const variants = await t.request({ url: `/campaigns/${campaign.id}/variants`, token: user.accessToken });
    const costs = variants.body.data.variants.map((v: { cost: number }) => v.cost);
    expect(costs.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo((campaign.cost * 2_000) / 10_000, 4);
    await expectLedgerBalanced(t);
  });

  it('chooses the better read rate when the time is up, by a fake clock, and sends the rest with it once', async () => {
    const user = await sender();
    await createContacts(t, user.businessId, 20);
    const campaign = await publishAb(user);
    await results(campaign.id, 0, 5, 1);
    await results(campaign.id, 1, 4, 3);
    const sentOut = new Date(campaign.sentOutAt).getTime();

    expect(await decideDueTests(t.db, new Date(sentOut + 239 * MINUTE))).toEqual([]);
    expect((await byVariant(campaign.id)).find((r) => r.variant === null)).toMatchObject({
      status: 'held',
      n: 10,
    });

    expect(await decideDueTests(t.db, new Date(sentOut + 240 * MINUTE))).toEqual([
      { campaignId: campaign.id, winner: 1 },
    ]);
    const rows = await byVariant(campaign.id);
    expect(rows.find((r) => r.variant === null)).toBeUndefined();
    expect(rows.find((r) => r.variant === 1 && r.status === 'queued')).toMatchObject({ n: 10 });
    // Decided once: a later round changes nothing.
    expect(await decideDueTests(t.db, new Date(sentOut + 300 * MINUTE))).toEqual([]);

    const view = await t.request({ url: `/campaigns/${campaign.id}/variants`, token: user.accessToken });
    expect(view.body.data).toMatchObject({
      winner: 'B',
      decidedBy: 'auto',
      decidedAt: new Date(sentOut + 240 * MINUTE).toISOString(),
      decideAt: new Date(sentOut + 240 * MINUTE).toISOString(),
    });
    expect(view.body.data.variants[0]).toMatchObject({
      name: 'A',
      recipients: 5,
      delivered: 5,
      read: 1,
      readRate: 0.2,
    });
    expect(view.body.data.variants[1]).toMatchObject({
      name: 'B',
      recipients: 15,
      delivered: 4,
      read: 3,
      readRate: 0.75,
    });
  });

  it('keeps the rest of a scheduled test held when the campaign falls due', async () => {
    const user = await sender();
    await createContacts(t, user.businessId, 10);
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        ...abBody({ isScheduled: true, scheduledAt: new Date(Date.now() + 3_600_000).toISOString() }),
        paymentMethod: 'credit',
      },
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as string;
    expect((await byVariant(id)).every((r) => r.status === 'held')).toBe(true);
    await releaseHeldMessages(t.db, [id]);
    const rows = await byVariant(id);
    // The test share goes out; the rest waits for the winner.
    const tested = rows.filter((r) => r.variant !== null);
    expect(tested.every((r) => r.status === 'queued')).toBe(true);
    expect(tested.reduce((n, r) => n + Number(r.n), 0)).toBe(5);
    expect(rows.find((r) => r.variant === null)).toMatchObject({ status: 'held', n: 5 });
  });

  it('keeps the first variant on a tie and picks by click rate when asked', () => {
    const even = [
      { delivered: 10, read: 5, clicked: 1 },
      { delivered: 20, read: 10, clicked: 4 },
    ];
    expect(pickWinner(even, 'readRate')).toBe(0);
    expect(pickWinner(even, 'clickRate')).toBe(1);
    expect(
      pickWinner(
        [
          { delivered: 0, read: 0, clicked: 0 },
          { delivered: 0, read: 0, clicked: 0 },
        ],
        'readRate',
      ),
    ).toBe(0);
    expect(pickWinner([...even, { delivered: 4, read: 3, clicked: 0 }], 'readRate')).toBe(2);
  });

  it('decides once when two processes race (conditional update on the campaign row)', async () => {
    const user = await sender();
    await createContacts(t, user.businessId, 30);
    const campaign = await publishAb(user);
    const later = new Date(new Date(campaign.sentOutAt).getTime() + 241 * MINUTE);
    const [a, b] = await Promise.all([decideDueTests(t.db, later), decideDueTests(t.db, later)]);
    expect(a.length + b.length).toBe(1);
    const [x, y] = await Promise.all([
      chooseWinner(t.db, campaign.id, 0, 'manual', later),
      chooseWinner(t.db, campaign.id, 1, 'manual', later),
    ]);
    expect([x, y]).toEqual([null, null]);
    const rows = await byVariant(campaign.id);
    expect(rows.filter((r) => r.variant === null)).toEqual([]);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(row!.abDecidedBy).toBe('auto');
  });

  it('lets the business pick the winner by hand, once; refuses a wrong name, a plain campaign, another business', async () => {
    const user = await sender();
    await createContacts(t, user.businessId, 10);
    const campaign = await publishAb(user);
    const pick = (body: unknown, as = user, id = campaign.id) =>
      t.request({ url: `/campaigns/${id}/winner`, token: as.accessToken, body });

    const wrong = await pick({ variant: 'Z' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('variant');
    const other = await sender();
    expect((await pick({ variant: 'A' }, other)).status).toBe(404);

    const chosen = await pick({ variant: 'A' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ winner: 'A', decidedBy: 'manual' });
    expect((await byVariant(campaign.id)).find((r) => r.variant === null)).toBeUndefined();
    const again = await pick({ variant: 'B' });
    expect(again.status).toBe(400);
    expect(again.body.message).toContain('already chosen');
    // The rule finds nothing left to decide.
    expect(await decideDueTests(t.db, new Date(Date.now() + 1_000 * MINUTE))).toEqual([]);

    const plain = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Plain',
        message: 'Hi',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    const none = await pick({ variant: 'A' }, user, plain.body.data.id);
    expect(none.status).toBe(400);
    expect(none.body.message).toContain('no A/B test');
  });

  it('sends each variant its own text, and the rest the winner', async () => {
    const user = await sender();
    const people = await createContacts(t, user.businessId, 10);
    const campaign = await publishAb(user, {
      abTest: { testShare: 0.4, metric: 'readRate', decideAfterMinutes: 30 },
    });
    running.push(testDispatcher(t, sim.adapter).start());
    await vi.waitFor(() => expect(sim.gateway.accepted.length).toBe(4), { timeout: 10_000 });
    const texts = sim.gateway.accepted.map((a) => a.form.msg).sort();
    expect(texts).toEqual([
      'A: 20% off today',
      'A: 20% off today',
      'B: buy one get one',
      'B: buy one get one',
    ]);

    await t.request({
      url: `/campaigns/${campaign.id}/winner`,
      token: user.accessToken,
      body: { variant: 'B' },
    });
    await vi.waitFor(() => expect(sim.gateway.accepted.length).toBe(10), { timeout: 10_000 });
    const rest = sim.gateway.accepted.slice(4).map((a) => a.form.msg);
    expect(new Set(rest)).toEqual(new Set(['B: buy one get one']));
    expect(people).toHaveLength(10);
  });

  it('sends a template variant as its template, filled for each recipient', async () => {
    const user = await sender();
    await createContacts(t, user.businessId, 10);
    // A gateway business's template: the text its provider approved, sent with the recipient's values.
    const [template] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO templates (business_id, provider, name, language, category, status, components)
          VALUES (${user.businessId}, 'gateway', 'spring_offer', 'en', 'MARKETING', 'APPROVED',
                  ${JSON.stringify([{ type: 'BODY', text: 'Hi {{1}}, {{2}} off all week' }])}::jsonb)
          RETURNING id`,
    );
    await publishAb(user, {
      variants: [
        { name: 'A', message: 'A: 20% off today' },
        {
          name: 'B',
          templateId: template!.id,
          templateParameters: { body: [{ field: 'firstName' }, { text: '30%' }] },
        },
      ],
      abTest: { testShare: 0.4, metric: 'readRate', decideAfterMinutes: 30 },
    });
    running.push(testDispatcher(t, sim.adapter).start());
    await vi.waitFor(() => expect(sim.gateway.accepted.length).toBe(4), { timeout: 10_000 });
    const texts = sim.gateway.accepted.map((a) => a.form.msg);
    expect(texts.filter((m) => m === 'A: 20% off today')).toHaveLength(2);
    const fromTemplate = texts.filter((m) => m !== 'A: 20% off today');
    expect(fromTemplate).toHaveLength(2);
    for (const text of fromTemplate) expect(text).toMatch(/^Hi First\d+, 30% off all week$/);
    // Filled for each recipient: two different first names.
    expect(new Set(fromTemplate).size).toBe(2);
  });

  it('refuses variants without a test, one variant, a variant with both or neither, twin names and another business’s template', async () => {
    const user = await sender();
    const other = await sender();
    const [template] = await queryRows<{ id: string }>(
      t.db,
      sql`INSERT INTO templates (business_id, provider, name, language, category, status, components)
          VALUES (${other.businessId}, 'gateway', 'promo', 'en', 'MARKETING', 'APPROVED', '[]'::jsonb)
          RETURNING id`,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ abTest: undefined }, 'abTest'],
      [{ variants: undefined }, 'variants'],
      [{ variants: [{ name: 'A', message: 'a' }] }, 'variants'],
      [
        {
          variants: [
            { name: 'A', message: 'a' },
            { name: 'A', message: 'b' },
          ],
        },
        'variants',
      ],
      [{ variants: [{ name: 'A' }, { name: 'B', message: 'b' }] }, 'variants.0.message'],
      [
        {
          variants: [
            { name: 'A', message: 'a' },
            { name: 'B', message: 'b', templateId: template!.id },
          ],
        },
        'variants.1.message',
      ],
      [
        {
          variants: [
            { name: 'A', message: 'a' },
            { name: 'B', templateId: template!.id },
          ],
        },
        'variants.1.templateId',
      ],
      [{ abTest: { testShare: 0, metric: 'readRate', decideAfterMinutes: 60 } }, 'abTest.testShare'],
      [{ abTest: { testShare: 0.2, metric: 'openRate', decideAfterMinutes: 60 } }, 'abTest.metric'],
    ];
    for (const [over, path] of cases) {
      const res = await t.request({ url: '/campaigns', token: user.accessToken, body: abBody(over) });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
      expect(JSON.stringify(res.body)).toContain(`"${path}"`);
    }
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM campaigns WHERE business_id = ${user.businessId}`,
    );
    expect(n!.n).toBe(0);
    expect(await t.db.select().from(contacts).where(eq(contacts.businessId, user.businessId))).toEqual([]);
  });
});
