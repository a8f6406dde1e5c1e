/**
 * A campaign's audience as a segment (issue 39): an immediate campaign reaches the segment's opted-in
 * contacts at publish; a scheduled one reaches those that match when it goes out, and is billed then; the
 * estimate counts now and says so. Another business's segment, and a segment mixed with other ways of
 * choosing recipients, are refused; a segment a waiting campaign uses cannot be deleted.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Scheduler } from '../../src/jobs/scheduler.js';
import { campaignMessages, campaigns, contacts } from '../../src/platform/db/schema/index.js';
import {
  createContacts,
  createUser,
  setMessagingCredentials,
  type TestUser,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

describe('campaign audience: a segment', () => {
  const t = useTestApp();
  const call = (u: TestUser, url: string, body?: unknown, method?: string) =>
    t.request({ url, token: u.accessToken, body, ...(method && { method: method as 'POST' }) });

  async function business() {
    const user = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await setMessagingCredentials(t, user.businessId);
    const [ada] = await createContacts(t, user.businessId, 1, { firstName: 'Ada', tags: ['gold'] });
    const [bola] = await createContacts(t, user.businessId, 1, { firstName: 'Bola', tags: [] });
    await createContacts(t, user.businessId, 1, { firstName: 'Chidi', tags: ['gold'], optIn: false });
    const seg = await call(user, '/segments', {
      name: 'Gold',
      filter: { match: 'all', conditions: [{ on: 'tag', op: 'has', value: 'gold' }] },
    });
    expect(seg.status, seg.text).toBe(201);
    return { user, ada: ada!, bola: bola!, segmentId: seg.body.data.id as string };
  }

  const recipients = async (campaignId: string) =>
    (await t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaignId)))
      .map((m) => `${m.firstName}:${m.status}`)
      .sort();

  it('the estimate counts the opted-in contacts of the segment now, and says so', async () => {
    const { user, segmentId } = await business();
    const res = await call(user, '/campaigns/estimate', { audience: { segmentId } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ recipients: 1, evaluatedNow: true });
    const plain = await call(user, '/campaigns/estimate', { sendToAllContact: true });
    expect(plain.body.data).toMatchObject({ recipients: 2, evaluatedNow: false });
  });

  it('an immediate campaign reaches the opted-in contacts of the segment', async () => {
    const { user, segmentId } = await business();
    const res = await call(user, '/campaigns', {
      name: 'Now',
      message: 'Hi',
      sendToAllContact: false,
      isScheduled: false,
      audience: { segmentId },
      paymentMethod: 'credit',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ audience: { segmentId }, recipientCount: 1 });
    expect(await recipients(res.body.data.id)).toEqual(['Ada:queued']);
  });

  it('a scheduled campaign reaches who matches when it goes out, billed then, not at scheduling', async () => {
    const { user, ada, bola, segmentId } = await business();
    const before = await walletOf(t, user.businessId);
    const res = await call(user, '/campaigns', {
      name: 'Later',
      message: 'Hi',
      sendToAllContact: false,
      isScheduled: true,
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      audience: { segmentId },
      paymentMethod: 'credit',
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as string;
    expect(await recipients(id)).toEqual([]);
    expect((await walletOf(t, user.businessId)).balance).toBe(before.balance);

    // The segment's members change while it waits.
    await call(user, `/contacts/${ada.id}`, { tags: [] }, 'PATCH');
    await call(user, `/contacts/${bola.id}`, { tags: ['gold'] }, 'PATCH');
    await t.db
      .update(campaigns)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(campaigns.id, id));
    expect(await new Scheduler(t.deps, 60_000).tick()).toBe(1);

    expect(await recipients(id)).toEqual(['Bola:queued']);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ isSentOut: true, recipientCount: 1 });
    const after = await walletOf(t, user.businessId);
    expect(Number(before.balance) - Number(after.balance)).toBe(Number(row!.cost));
    expect(Number(row!.cost)).toBeGreaterThan(0);
    await expectLedgerBalanced(t);
  });

  it('a scheduled segment campaign nobody matches at its time becomes a draft again, unpaid', async () => {
    const { user, ada, segmentId } = await business();
    const res = await call(user, '/campaigns', {
      name: 'Empty later',
      message: 'Hi',
      sendToAllContact: false,
      isScheduled: true,
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      audience: { segmentId },
      paymentMethod: 'credit',
    });
    const id = res.body.data.id as string;
    await t.db.update(contacts).set({ tags: [] }).where(eq(contacts.id, ada.id));
    await t.db.execute(sql`UPDATE campaigns SET scheduled_at = now() - interval '1 second' WHERE id = ${id}`);
    const pushedBefore = t.realtime.events.length;
    expect(await new Scheduler(t.deps, 60_000).tick()).toBe(0);
    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ isPublished: false, isSentOut: false, recipientCount: 0, cost: null });
    expect(await recipients(id)).toEqual([]);
    await expectToldNotSent(user, pushedBefore, /"Empty later" did not go out .*no opted-in contact matched/);
  });

  it('a scheduled segment campaign the wallet cannot pay for at its time is a draft again, and the business is told', async () => {
    const { user, bola, segmentId } = await business();
    const before = await walletOf(t, user.businessId);
    const res = await call(user, '/campaigns', {
      name: 'Short later',
      message: 'Hi',
      sendToAllContact: false,
      isScheduled: true,
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      audience: { segmentId },
      paymentMethod: 'credit',
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id as string;
    // The segment grows past what the wallet holds: a thousand more gold contacts.
    await call(user, `/contacts/${bola.id}`, { tags: ['gold'] }, 'PATCH');
    await createContacts(t, user.businessId, 1000, { tags: ['gold'] });
    await t.db.execute(sql`UPDATE campaigns SET scheduled_at = now() - interval '1 second' WHERE id = ${id}`);
    const pushedBefore = t.realtime.events.length;
    expect(await new Scheduler(t.deps, 60_000).tick()).toBe(0);

    const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row).toMatchObject({ isPublished: false, isSentOut: false, recipientCount: 0, cost: null });
    expect(await recipients(id)).toEqual([]);
    expect((await walletOf(t, user.businessId)).balance).toBe(before.balance);
    await expectLedgerBalanced(t);
    await expectToldNotSent(user, pushedBefore, /"Short later" did not go out .*credits did not cover/);
    // The campaign page shows it as a draft the business can publish again.
    const page = await call(user, `/campaigns/${id}`);
    expect(page.body.data.status).toBe('draft');
  });

  /** One `campaign.not_sent` notification, in the business's list and pushed to its room live. */
  async function expectToldNotSent(user: TestUser, pushedBefore: number, says: RegExp) {
    const list = await call(user, '/notifications');
    expect(list.status, list.text).toBe(200);
    const told = (list.body.data.items as { type: string; title: string; message: string }[]).filter(
      (n) => n.type === 'campaign.not_sent',
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Scheduled campaign not sent');
    expect(told[0]!.message).toMatch(says);
    expect(told[0]!.message).toContain('It is a draft again and nothing was charged');
    const pushed = t.realtime.events
      .slice(pushedBefore)
      .filter((e) => (e.payload as { type?: string }).type === 'campaign.not_sent');
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.room).toBe(`business:${user.businessId}`);
    expect(pushed[0]!.payload).toMatchObject({ message: told[0]!.message });
  }

  it('refuses another business segment, and a segment mixed with other ways of choosing', async () => {
    const { segmentId } = await business();
    const { user } = await business();
    const base = { name: 'X', message: 'Hi', isScheduled: false };
    const cases: [object, string][] = [
      [{ ...base, sendToAllContact: false, audience: { segmentId } }, 'audience.segmentId'],
      [{ ...base, sendToAllContact: true, audience: { segmentId: segmentId } }, 'sendToAllContact'],
      [{ ...base, sendToAllContact: false, tags: ['gold'], audience: { segmentId } }, 'tags'],
    ];
    for (const [body, path] of cases) {
      const res = await call(user, '/campaigns', body);
      expect(res.status, res.text).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    const est = await call(user, '/campaigns/estimate', { audience: { segmentId } });
    expect(est.status).toBe(400);
  });

  it('a segment that a campaign not yet sent uses cannot be deleted (409)', async () => {
    const { user, segmentId } = await business();
    const draft = await call(user, '/campaigns', {
      name: 'Draft',
      message: 'Hi',
      sendToAllContact: false,
      isScheduled: false,
      audience: { segmentId },
    });
    expect(draft.status, draft.text).toBe(201);
    const res = await call(user, `/segments/${segmentId}`, undefined, 'DELETE');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Draft/);
  });

  it('a template parameter may name a contact field of the business, not an unknown key', async () => {
    const { user } = await business();
    await call(user, '/contact-fields', { key: 'city', label: 'City', type: 'text' });
    const base = { name: 'Fields', message: 'Hi {{city|there}}', sendToAllContact: true, isScheduled: false };
    const bad = await call(user, '/campaigns', {
      ...base,
      templateParameters: { body: [{ field: 'shoe' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage.fields[0].path).toBe('templateParameters.body.0.field');
    const ok = await call(user, '/campaigns', {
      ...base,
      templateParameters: { body: [{ field: 'city', fallback: 'your city' }] },
    });
    expect(ok.status, ok.text).toBe(201);
    const patched = await call(
      user,
      `/campaigns/${ok.body.data.id}`,
      { templateParameters: { body: [{ field: 'town' }] } },
      'PATCH',
    );
    expect(patched.status).toBe(400);
  });
});
