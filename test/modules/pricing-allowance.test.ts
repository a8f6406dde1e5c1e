/**
 * The free service allowance and whether window replies are billed (administrator settings): service
 * replies are free while the month's allowance lasts, then priced by the card by country; templates always
 * pay their category's price; two replies at once never both take the last free one (on PostgreSQL too).
 * The ledger invariant after every path.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  chargeReply,
  freeServiceRepliesUsed,
  type ReplyCategory,
} from '../../src/modules/conversations/reply-billing.js';
import { transactions } from '../../src/platform/db/schema/index.js';
import { createUser, type TestUser, walletOf } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

// One recipient of each of four countries, each of its own price (the starting card; NG is the default row).
const PHONES = { NG: '+2348031230001', IN: '+919812345611', GB: '+447400123411', BR: '+5511912345611' };

describe('the free service allowance and window replies', () => {
  const t = useTestApp();
  let admin: TestUser;
  let superadmin: TestUser;
  beforeAll(async () => {
    admin = await createUser(t, { role: 'admin' });
    superadmin = await createUser(t, { role: 'superadmin' });
    const res = await t.request({
      method: 'PUT',
      url: '/admin/price-card',
      token: admin.accessToken,
      body: {
        rows: [
          { country: '*', category: 'service', price: 0.3 },
          { country: 'IN', category: 'service', price: 0.1 },
          { country: 'GB', category: 'service', price: 0.45 },
          { country: 'BR', category: 'service', price: 0.2 },
        ],
      },
    });
    expect(res.status).toBe(200);
  });

  const settings = (body: Record<string, unknown>) =>
    t.request({ url: '/admin/settings', token: superadmin.accessToken, body });
  const reply = (user: TestUser, phone: string, category: ReplyCategory) =>
    t.db.transaction((tx) =>
      chargeReply(tx, { businessId: user.businessId, conversationId: crypto.randomUUID(), category, phone }),
    );
  const debits = (user: TestUser) =>
    t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.businessId, user.businessId), eq(transactions.kind, 'reply_credit_debit')));

  it('the settings answer the allowance (0 by default) and whether window replies are billed (yes)', async () => {
    const res = await t.request({ url: '/admin/settings', token: admin.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ freeServiceAllowance: 0, billWindowReplies: true });
  });

  it.each([
    [{ freeServiceAllowance: -1 }, 'freeServiceAllowance'],
    [{ freeServiceAllowance: 1.5 }, 'freeServiceAllowance'],
    [{ freeServiceAllowance: '10' }, 'freeServiceAllowance'],
    [{ billWindowReplies: 'no' }, 'billWindowReplies'],
  ])('a bad setting %j is a 400 naming its field', async (body, field) => {
    const res = await settings(body);
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    const read = await t.request({ url: '/admin/settings', token: admin.accessToken });
    expect(read.body.data).toMatchObject({ freeServiceAllowance: 0, billWindowReplies: true });
  });

  it.each(['business', 'admin'] as const)('a %s cannot change the settings', async (role) => {
    const user = role === 'admin' ? admin : await createUser(t, { businessVerified: 'accepted' });
    const res = await t.request({
      url: '/admin/settings',
      token: user.accessToken,
      body: { freeServiceAllowance: 100000 },
    });
    expect(res.status).toBe(403);
  });

  it('service replies are free up to the allowance, then each pays its country; templates always pay', async () => {
    expect((await settings({ freeServiceAllowance: 2 })).body.data.freeServiceAllowance).toBe(2);
    const user = await createUser(t, { businessVerified: 'accepted', credits: '10' });
    const other = await createUser(t, { businessVerified: 'accepted', credits: '10' });
    // Templates never take the allowance: each category at its own price for its country.
    expect((await reply(user, PHONES.IN, 'marketing')).cost).toBe('0.4500');
    expect((await reply(user, PHONES.GB, 'utility')).cost).toBe('0.6000');
    expect((await reply(user, PHONES.BR, 'authentication')).cost).toBe('0.3000');
    const first = await reply(user, PHONES.NG, 'service');
    const second = await reply(user, PHONES.GB, 'service');
    expect([first.free, first.transactionId, first.cost]).toEqual(['allowance', null, '0.0000']);
    expect([second.free, second.transactionId]).toEqual(['allowance', null]);
    expect(await freeServiceRepliesUsed(t.db, user.businessId)).toBe(2);
    // The allowance is used: each country's service price.
    expect((await reply(user, PHONES.GB, 'service')).cost).toBe('0.4500');
    expect((await reply(user, PHONES.IN, 'service')).cost).toBe('0.1000');
    expect((await reply(user, PHONES.BR, 'service')).cost).toBe('0.2000');
    expect((await reply(user, PHONES.NG, 'service')).cost).toBe('0.3000');
    // 10 - (0.45 + 0.6 + 0.3) - (0.45 + 0.1 + 0.2 + 0.3)
    expect((await walletOf(t, user.businessId)).balance).toBe('7.6000');
    const charged = await debits(user);
    expect(charged).toHaveLength(7);
    expect(
      charged
        .map((d) => {
          const m = d.metadata as { country: string; category: string };
          return `${m.category}/${m.country}`;
        })
        .sort(),
    ).toEqual([
      'authentication/BR',
      'marketing/IN',
      'service/BR',
      'service/GB',
      'service/IN',
      'service/NG',
      'utility/GB',
    ]);
    // Another business has its own allowance.
    expect((await reply(other, PHONES.GB, 'service')).free).toBe('allowance');
    expect((await walletOf(t, other.businessId)).balance).toBe('10.0000');
    await expectLedgerBalanced(t);
  });

  it('a reply rolled back gives its free reply back: the count is of replies queued', async () => {
    expect((await settings({ freeServiceAllowance: 1 })).status).toBe(200);
    const user = await createUser(t, { businessVerified: 'accepted', credits: '1' });
    await expect(
      t.db.transaction(async (tx) => {
        await chargeReply(tx, {
          businessId: user.businessId,
          conversationId: crypto.randomUUID(),
          category: 'service',
          phone: PHONES.GB,
        });
        throw new Error('queueing failed');
      }),
    ).rejects.toThrow('queueing failed');
    expect(await freeServiceRepliesUsed(t.db, user.businessId)).toBe(0);
    expect((await reply(user, PHONES.GB, 'service')).free).toBe('allowance');
    await expectLedgerBalanced(t);
  });

  it('two replies at once cannot both take the last free one', async () => {
    expect((await settings({ freeServiceAllowance: 3 })).status).toBe(200);
    const user = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await reply(user, PHONES.NG, 'service');
    await reply(user, PHONES.NG, 'service');
    // One free reply left, twenty replies at once: one free, nineteen charged.
    const results = await Promise.all(Array.from({ length: 20 }, () => reply(user, PHONES.GB, 'service')));
    expect(results.filter((r) => r.free === 'allowance')).toHaveLength(1);
    expect(results.filter((r) => r.transactionId !== null)).toHaveLength(19);
    expect(await freeServiceRepliesUsed(t.db, user.businessId)).toBe(3);
    expect((await walletOf(t, user.businessId)).balance).toBe('91.4500');
    await expectLedgerBalanced(t);
  });

  it('window replies not billed: every service reply is free and uncounted; templates still pay', async () => {
    expect((await settings({ billWindowReplies: false, freeServiceAllowance: 0 })).status).toBe(200);
    const user = await createUser(t, { businessVerified: 'accepted', credits: '5' });
    for (const phone of Object.values(PHONES))
      expect((await reply(user, phone, 'service')).free).toBe('window_not_billed');
    expect(await freeServiceRepliesUsed(t.db, user.businessId)).toBe(0);
    expect((await reply(user, PHONES.GB, 'marketing')).cost).toBe('1.4000');
    expect((await walletOf(t, user.businessId)).balance).toBe('3.6000');
    expect(await debits(user)).toHaveLength(1);
    expect((await settings({ billWindowReplies: true })).body.data.billWindowReplies).toBe(true);
    expect((await reply(user, PHONES.GB, 'service')).cost).toBe('0.4500');
    await expectLedgerBalanced(t);
  });
});
