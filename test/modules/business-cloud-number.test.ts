import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uniqueViolation } from '../../src/platform/db/errors.js';
import { businesses, contacts, webhookEvents } from '../../src/platform/db/schema/index.js';
import { createUser, uniquePhone } from '../factories.js';
import { useTestApp } from '../harness.js';
import { cloudWebhookBody, type GraphAccount, signedHeaders } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, useGraph } from './cloud-support.js';

let seq = 0;

/**
 * A Cloud phone-number id is one business's at a time, and a connection is checked with the Graph API: the
 * WhatsApp Business Account lists the number and shows it as the `wabaNumber` given. Each refusal is a 4xx
 * naming its field, and stores nothing.
 */
describe('connecting a Cloud number', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);

  const connect = (token: string, body: Record<string, unknown>, url = '/business/provider') =>
    t.request({ url, token, body: { provider: 'whatsapp-cloud', ...body } });
  const bodyOf = (account: GraphAccount, wabaNumber: string) => ({
    wabaNumber,
    wabaProviderId: account.wabaId,
    providerHSMID: account.phoneNumberId,
    providerHSMPassword: account.token,
  });
  const rowOf = async (businessId: string) =>
    (await t.db.select().from(businesses).where(eq(businesses.id, businessId)))[0]!;
  /** A WhatsApp Business Account of the simulator with one number shown as `display`. */
  const newAccount = (display = uniquePhone(), extra: Partial<GraphAccount> = {}) => {
    seq++;
    return graph.sim.addAccount({
      token: `EAAG-number-${seq}-${Date.now()}`,
      wabaId: `71${seq}${Date.now() % 1_000_000}`,
      phoneNumberId: `72${seq}${Date.now() % 1_000_000}`,
      displayPhoneNumber: display,
      ...extra,
    });
  };
  const expectNothingStored = async (businessId: string) =>
    expect(await rowOf(businessId)).toMatchObject({
      provider: null,
      providerHSMID: null,
      providerHSMPasswordEnc: null,
      wabaNumber: null,
    });

  it("another business's phone-number id: a 409 naming providerHSMID, or a 400 naming wabaNumber; its STOP still reaches its owner", async () => {
    const owner = await cloudBusiness(t, graph.sim);
    // A second token that reaches the same number (another system user of the same account, say).
    const shared = graph.sim.addAccount({ ...owner.account, token: `${owner.account.token}-second` });
    const other = await createUser(t, { businessVerified: 'accepted' });

    // Under a number of its own: the Cloud API shows the id as the owner's number.
    const own = await connect(other.accessToken, bodyOf(shared, uniquePhone()));
    expect(own.status).toBe(400);
    expect(own.body.errorMessage).toMatchObject({ field: 'wabaNumber' });
    expect(own.body.message).toContain(`shows this phone-number id as ${owner.wabaNumber}`);
    await expectNothingStored(other.businessId);

    // Under the number the Cloud API shows: the id is taken.
    const taken = await connect(other.accessToken, bodyOf(shared, owner.wabaNumber));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ status: 'failure', apiObject: 'business' });
    expect(taken.body.errorMessage).toMatchObject({ reason: 'conflict', field: 'providerHSMID' });
    await expectNothingStored(other.businessId);

    // The owner keeps its number: a STOP sent to it is applied to the owner's contact.
    const from = uniquePhone().replace(/\D/g, '');
    const body = cloudWebhookBody(owner.account.wabaId, 'messages', {
      messaging_product: 'whatsapp',
      metadata: {
        display_phone_number: owner.wabaNumber.slice(1),
        phone_number_id: owner.account.phoneNumberId,
      },
      contacts: [{ wa_id: from, profile: { name: 'Ada' } }],
      messages: [
        {
          from,
          id: `wamid.stop.${Date.now()}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: 'text',
          text: { body: 'STOP' },
        },
      ],
    });
    const res = await t.request({
      url: '/webhooks/whatsapp-cloud',
      headers: signedHeaders(APP_SECRET, body),
      payload: body,
    });
    expect(res.status).toBe(200);
    const [contact] = await t.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, owner.user.businessId), eq(contacts.phoneNumber, `+${from}`)));
    expect(contact?.optIn).toBe(false);
  });

  it('saving its own phone-number id again is no conflict', async () => {
    const owner = await cloudBusiness(t, graph.sim);
    const again = await connect(owner.user.accessToken, bodyOf(owner.account, owner.wabaNumber));
    expect(again.status).toBe(200);
  });

  it('a WhatsApp Business Account that does not exist is a 400 naming wabaProviderId', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const account = newAccount();
    const res = await connect(user.accessToken, {
      ...bodyOf(account, account.displayPhoneNumber!),
      wabaProviderId: '99887766',
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatchObject({ field: 'wabaProviderId', providerCode: 100 });
    expect(res.body.message).toContain("Object with ID '99887766' does not exist");
    await expectNothingStored(user.businessId);
  });

  it("another account's WhatsApp Business Account (the token has no access) is a 400 naming wabaProviderId", async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const mine = newAccount();
    const theirs = newAccount();
    const res = await connect(user.accessToken, {
      ...bodyOf(mine, mine.displayPhoneNumber!),
      wabaProviderId: theirs.wabaId,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatchObject({ field: 'wabaProviderId' });
    expect(res.body.message).toContain('does not let this token read the WhatsApp Business Account');
    await expectNothingStored(user.businessId);
  });

  it('a number the account does not list is a 400 naming providerHSMID', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const first = newAccount();
    // The same token opens a number of another of its accounts.
    const second = newAccount(uniquePhone(), { token: first.token });
    const res = await connect(user.accessToken, {
      ...bodyOf(second, second.displayPhoneNumber!),
      wabaProviderId: first.wabaId,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatchObject({ field: 'providerHSMID' });
    expect(res.body.message).toContain(`is not a number of the WhatsApp Business Account ${first.wabaId}`);
    await expectNothingStored(user.businessId);
  });

  it('the display number is compared as digits, and the listing is read page by page', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', countryCode: 'NG' });
    const first = newAccount('+234 809 555 7001');
    newAccount('+234 809 555 7002', { token: first.token, wabaId: first.wabaId });
    const third = newAccount('+234 (809) 555-7003', { token: first.token, wabaId: first.wabaId });
    graph.sim.maxPageSize = 1;
    try {
      const res = await connect(user.accessToken, bodyOf(third, '08095557003'));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        wabaNumber: '2348095557003',
        providerHSMID: third.phoneNumberId,
      });
      const pages = graph.sim.requests.filter((r) => r.path.endsWith(`/${first.wabaId}/phone_numbers`));
      expect(pages.length).toBeGreaterThanOrEqual(3);
    } finally {
      graph.sim.maxPageSize = 100;
    }
  });

  it('POST /business/provider/check refuses a display number other than wabaNumber, storing nothing', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const account = newAccount('+234 809 555 7010');
    const wrong = await connect(
      user.accessToken,
      bodyOf(account, '+2348095557011'),
      '/business/provider/check',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorMessage).toMatchObject({ field: 'wabaNumber' });
    const right = await connect(
      user.accessToken,
      bodyOf(account, '+2348095557010'),
      '/business/provider/check',
    );
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ checked: true, displayPhoneNumber: '+234 809 555 7010' });
    await expectNothingStored(user.businessId);
  });

  it('two businesses connecting one phone-number id at once: one holds it, the other gets a 4xx', async () => {
    const account = newAccount();
    const second = graph.sim.addAccount({ ...account, token: `${account.token}-second` });
    const [a, b] = await Promise.all([
      createUser(t, { businessVerified: 'accepted' }),
      createUser(t, { businessVerified: 'accepted' }),
    ]);
    const results = await Promise.all([
      connect(a.accessToken, bodyOf(account, account.displayPhoneNumber!)),
      connect(b.accessToken, bodyOf(second, account.displayPhoneNumber!)),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const holders = await t.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.providerHSMID, account.phoneNumberId));
    expect(holders).toHaveLength(1);
  });

  it('the database holds a phone-number id to one Cloud business, whoever writes it', async () => {
    const [a, b] = await Promise.all([
      createUser(t, { businessVerified: 'accepted' }),
      createUser(t, { businessVerified: 'accepted' }),
    ]);
    const id = `73${Date.now()}`;
    const write = (businessId: string) =>
      t.db
        .update(businesses)
        .set({ provider: 'whatsapp-cloud', providerHSMID: id })
        .where(eq(businesses.id, businessId))
        .then(
          () => 'ok',
          (err: unknown) => uniqueViolation(err) ?? String(err),
        );
    const outcomes = await Promise.all([write(a.businessId), write(b.businessId)]);
    expect(outcomes.sort()).toEqual(['businesses_cloud_phone_number_id_key', 'ok']);
    // A gateway login is not a phone-number id: two gateway businesses may share one.
    await t.db
      .update(businesses)
      .set({ provider: 'gateway', providerHSMID: 'shared-login' })
      .where(inArray(businesses.id, [a.businessId, b.businessId]));
  });

  it('a message to a phone-number id no business holds is recorded as ignored, with why', async () => {
    const id = `74${Date.now()}`;
    const wamid = `wamid.nobody.${Date.now()}`;
    const body = cloudWebhookBody('7400', 'messages', {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: '15550001234', phone_number_id: id },
      messages: [
        { from: '2348030000001', id: wamid, timestamp: '1700000000', type: 'text', text: { body: 'STOP' } },
      ],
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        url: '/webhooks/whatsapp-cloud',
        headers: signedHeaders(APP_SECRET, body),
        payload: body,
      });
      expect(res.status).toBe(200);
    }
    const rows = await t.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventKey, `cloud:${id}:${wamid}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'ignored',
      error: `no business is connected with the phone-number id ${id}`,
    });
  });
});
