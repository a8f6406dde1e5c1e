/**
 * `Idempotency-Key` on the routes that create or spend: a retry with the same key and request answers the
 * first answer and does nothing again; the same key on another request is a 422; keys are the business's own
 * and keep a day. Concurrent duplicates (run on PostgreSQL by the CI's second pass) create one thing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdempotencySweep } from '../../src/jobs/idempotency-sweep.js';
import { contacts, idempotencyKeys, transactions } from '../../src/platform/db/schema/index.js';
import { createMember, createUser, setExchangeRate, type TestUser, uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';
import { PaymentProviderSimulator } from '../simulators/payment-provider.js';

const sim = await new PaymentProviderSimulator().start();
afterAll(() => sim.stop());

const t = useTestApp({
  env: { PAYMENT_PROVIDER_SECRET_KEY: sim.secretKey, PAYMENT_PROVIDER_BASE_URL: sim.url },
});
beforeAll(() => setExchangeRate(t, 'NG', '1500'));

const newContact = (user: TestUser, key: string | undefined, phoneNumber: string, firstName = 'Ada') =>
  t.request({
    method: 'POST',
    url: '/contacts',
    token: user.accessToken,
    body: { firstName, lastName: 'Obi', phoneNumber },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const contactsOf = (businessId: string) =>
  t.db.select().from(contacts).where(eq(contacts.businessId, businessId));

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and creates nothing more', async () => {
    const user = await createUser(t);
    const phone = uniquePhone();
    const first = await newContact(user, 'create-ada-1', phone);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await newContact(user, 'create-ada-1', phone);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.headers['content-type']).toContain('application/json');
    expect(retry.body).toEqual(first.body);
    expect(await contactsOf(user.businessId)).toHaveLength(1);
  });

  it('refuses the same key on another request with 422, and that request does nothing', async () => {
    const user = await createUser(t);
    expect((await newContact(user, 'k-1', uniquePhone())).status).toBe(201);
    const other = await newContact(user, 'k-1', uniquePhone(), 'Bola');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      status: 'failure',
      code: 422,
      message: 'This Idempotency-Key was already used for another request: use a new key for a new request',
    });
    expect(await contactsOf(user.businessId)).toHaveLength(1);
  });

  it('keeps no answer for a request refused before it ran: the corrected retry with its key runs', async () => {
    const user = await createUser(t);
    const bad = await t.request({
      method: 'POST',
      url: '/contacts',
      token: user.accessToken,
      body: { firstName: 'Ada' },
      headers: { 'idempotency-key': 'fix-and-retry' },
    });
    expect(bad.status).toBe(400);
    expect((await newContact(user, 'fix-and-retry', uniquePhone())).status).toBe(201);
  });

  it('replays an answer the route refused after running (a business rule), not a new attempt', async () => {
    const user = await createUser(t);
    const phone = uniquePhone();
    expect((await newContact(user, undefined, phone)).status).toBe(201);
    const duplicate = await newContact(user, 'dup', phone);
    expect(duplicate.status).toBe(400);
    await t.db.delete(contacts).where(eq(contacts.businessId, user.businessId));
    const again = await newContact(user, 'dup', phone);
    expect(again.status).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await contactsOf(user.businessId)).toHaveLength(0);
  });

  it.each([
    ['too long', 'k'.repeat(256)],
    ['with a space', 'two words'],
    ['empty', ''],
  ])('answers 400 naming the header for a key %s, and does nothing', async (_name, key) => {
    const user = await createUser(t);
    const res = await newContact(user, key, uniquePhone());
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields).toEqual([
      { path: 'Idempotency-Key', message: expect.stringContaining('1 to 255 visible ASCII characters') },
    ]);
    expect(await contactsOf(user.businessId)).toHaveLength(0);
  });

  it("keeps each business's keys apart, and shares them between members of one business", async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    const phone = uniquePhone();
    expect((await newContact(a, 'shared-key', phone)).status).toBe(201);
    const ofB = await newContact(b, 'shared-key', phone);
    expect(ofB.status).toBe(201);
    expect(ofB.headers['idempotent-replayed']).toBeUndefined();
    expect(await contactsOf(b.businessId)).toHaveLength(1);

    // A colleague retrying the same request with the same key gets the first answer.
    const marketer = await createMember(t, a, 'marketer');
    const colleague = await newContact(marketer, 'shared-key', phone);
    expect(colleague.headers['idempotent-replayed']).toBe('true');
    expect(await contactsOf(a.businessId)).toHaveLength(1);
  });

  it('opens one checkout for a payment link retried with its key', async () => {
    const user = await createUser(t);
    const link = () =>
      t.request({
        method: 'POST',
        url: '/payments/credit-link',
        token: user.accessToken,
        body: { totalCredit: 100 },
        headers: { 'idempotency-key': 'buy-100' },
      });
    const [first, retry] = [await link(), await link()];
    expect(first.status).toBe(200);
    expect(retry.body.data.reference).toBe(first.body.data.reference);
    const rows = await t.db.select().from(transactions).where(eq(transactions.businessId, user.businessId));
    expect(rows).toHaveLength(1);
    await expectLedgerBalanced(t);
  });

  it('answers concurrent duplicates alike and creates one contact', async () => {
    const user = await createUser(t);
    const phone = uniquePhone();
    const answers = await Promise.all(Array.from({ length: 6 }, () => newContact(user, 'burst', phone)));
    for (const res of answers) {
      expect(res.status).toBe(201);
      expect(res.body.data.id).toBe(answers[0]!.body.data.id);
    }
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await contactsOf(user.businessId)).toHaveLength(1);
  });

  it('frees a key after its day, and the sweep drops it', async () => {
    const user = await createUser(t);
    expect((await newContact(user, 'daily', uniquePhone())).status).toBe(201);
    const scope = `business:${user.businessId}`;
    const key = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, 'daily'));
    await t.db.update(idempotencyKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(key);
    // Past its day the key is free for a new request.
    expect((await newContact(user, 'daily', uniquePhone(), 'Bola')).status).toBe(201);
    expect(await contactsOf(user.businessId)).toHaveLength(2);

    await t.db.update(idempotencyKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(key);
    const sweep = startIdempotencySweep(t.deps, 50);
    await new Promise((r) => setTimeout(r, 300));
    await sweep.stop();
    expect(await t.db.select().from(idempotencyKeys).where(key)).toEqual([]);
  });

  it('a segment created twice with one key is one segment', async () => {
    const user = await createUser(t);
    const body = {
      name: 'Gold',
      filter: { match: 'all', conditions: [{ on: 'tag', op: 'has', value: 'gold' }] },
    };
    const make = () =>
      t.request({
        url: '/segments',
        token: user.accessToken,
        body,
        headers: { 'idempotency-key': 'segment-gold' },
      });
    const first = await make();
    expect(first.status, first.text).toBe(201);
    const retry = await make();
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.data.id).toBe(first.body.data.id);
    const list = await t.request({ url: '/segments', token: user.accessToken });
    expect(list.body.data.items).toHaveLength(1);
  });

  it('documents which operations take the header', async () => {
    const doc = (await t.request({ url: '/openapi.json' })).body;
    const idempotent = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op['x-idempotent'])
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    expect(idempotent).toEqual(
      [
        'POST /api/v1/affiliate/withdraw',
        'POST /api/v1/campaigns',
        'POST /api/v1/campaigns/{id}/publish',
        'POST /api/v1/campaigns/{id}/retry',
        'POST /api/v1/contacts',
        'POST /api/v1/contacts/import',
        'POST /api/v1/contacts/import-file',
        'POST /api/v1/conversations/{id}/messages',
        'POST /api/v1/payments/credit-link',
        'POST /api/v1/payments/plan-link',
        'POST /api/v1/segments',
        'POST /api/v1/templates',
      ].sort(),
    );
  });
});
