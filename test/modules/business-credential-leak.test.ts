import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadMessagingCredentials } from '../../src/modules/business/messaging-credentials.js';
import { createUser } from '../factories.js';
import { type TestRequest, type TestResponse, useTestApp } from '../harness.js';

/** Every log line the service writes, at the most verbose level and with no redaction to lean on. */
const logLines: string[] = [];
const logger = pino(
  { level: 'trace' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  }),
);

const PASSWORDS = {
  providerHSMPassword: 'HsmPlain7Qx2Lr',
  providerDashboardPassword: 'DashPlain4Vb8Kw',
  providerTwowayPassword: 'TwowayPlain3Zn6Jt',
};
const OTHER_PASSWORD = 'OtherPlain5Mk1Ys';

describe('provider passwords never leak', () => {
  const t = useTestApp({ logger });

  it('appear in no response body and no log line of a full scenario, ciphertext included', async () => {
    // Every ciphertext the service produces, whatever happens to it afterwards.
    const sealed: string[] = [];
    const box = t.deps.secretBox;
    const seal = box.seal.bind(box);
    box.seal = (plain: string) => {
      const out = seal(plain);
      sealed.push(out);
      return out;
    };

    const responses: TestResponse[] = [];
    const call = async (req: TestRequest) => {
      const res = await t.request(req);
      responses.push(res);
      return res;
    };

    const admin = await createUser(t, { role: 'admin' });
    const business = await createUser(t, { name: 'Leaky' });
    const rival = await createUser(t, { businessVerified: 'accepted' });
    const creds = {
      provider: 'gateway',
      wabaNumber: '+2348039990001',
      providerHSMID: 'hsm-leak',
      providerDashboardLogin: 'dash',
      providerTwowayLogin: 'two',
      ...PASSWORDS,
    };

    // Refused while the business is not verified.
    expect((await call({ url: '/business/provider', token: business.accessToken, body: creds })).status).toBe(
      403,
    );
    expect(
      (await call({ method: 'POST', url: '/business/verification', token: business.accessToken })).status,
    ).toBe(200);
    const verify = await call({
      method: 'PATCH',
      url: `/admin/businesses/${business.businessId}/verify`,
      token: admin.accessToken,
      body: { status: 'accepted' },
    });
    expect(verify.status).toBe(200);

    // Stored, then stored again (a second set of ciphertexts).
    expect((await call({ url: '/business/provider', token: business.accessToken, body: creds })).status).toBe(
      200,
    );
    expect((await call({ url: '/business/provider', token: business.accessToken, body: creds })).status).toBe(
      200,
    );

    // Bad input carrying the passwords: missing field, overlong password, malformed JSON.
    expect(
      (await call({ url: '/business/provider', token: business.accessToken, body: { ...PASSWORDS } })).status,
    ).toBe(400);
    const overlong = `${PASSWORDS.providerHSMPassword}${'x'.repeat(600)}`;
    expect(
      (
        await call({
          url: '/business/provider',
          token: business.accessToken,
          body: { ...creds, providerHSMPassword: overlong },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call({
          url: '/business/provider',
          token: business.accessToken,
          payload: `{"providerHSMPassword": "${PASSWORDS.providerHSMPassword}" oops`,
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);

    // Another business with the same number and its own password: a conflict.
    expect(
      (
        await call({
          url: '/business/provider',
          token: rival.accessToken,
          body: { ...creds, providerHSMPassword: OTHER_PASSWORD },
        })
      ).status,
    ).toBe(400);

    // The database fails mid-write: the driver's error carries the statement's parameters.
    await t.db.execute(sql`
      CREATE FUNCTION leak_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated write failure'; END $$`);
    await t.db.execute(
      sql`CREATE TRIGGER leak_test_fail BEFORE UPDATE ON businesses FOR EACH ROW EXECUTE FUNCTION leak_test_fail()`,
    );
    try {
      const failed = await call({ url: '/business/provider', token: business.accessToken, body: creds });
      expect(failed.status).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER leak_test_fail ON businesses`);
      await t.db.execute(sql`DROP FUNCTION leak_test_fail()`);
    }

    // Every read of the business, by itself and by administrators.
    const profile = await call({ url: '/business', token: business.accessToken });
    await call({
      method: 'PATCH',
      url: '/business',
      token: business.accessToken,
      body: { industry: 'Retail' },
    });
    await call({ url: '/admin/businesses', token: admin.accessToken });
    await call({ url: `/admin/businesses/${business.businessId}`, token: admin.accessToken });
    await call({ url: '/admin/businesses', token: admin.accessToken, query: { search: 'Leaky' } });
    await call({ url: '/admin/accounts', token: admin.accessToken });
    await call({
      method: 'POST',
      url: `/admin/businesses/${business.businessId}/promote-affiliate`,
      token: admin.accessToken,
    });
    await call({ method: 'POST', url: '/business/referral-code', token: business.accessToken });

    // The dispatcher's path: decrypt, send through the messaging adapter.
    const loaded = await loadMessagingCredentials(t.db, t.deps.secretBox, business.businessId);
    expect(loaded?.password).toBe(PASSWORDS.providerHSMPassword);
    await t.deps.messaging.send(loaded!, { to: '+2348031234567', text: 'hello' });

    // The capture works: requests, the 500 and its cause are in the log.
    expect(logLines.some((l) => l.includes('incoming request'))).toBe(true);
    expect(logLines.some((l) => l.includes('SQLSTATE P0001'))).toBe(true);
    // Two saves, the rival's refused save and the failed write: four times three passwords.
    expect(sealed.length).toBe(12);

    const secrets = [...Object.values(PASSWORDS), OTHER_PASSWORD, ...sealed];
    // Each part of a ciphertext envelope (IV, tag, ciphertext) counts on its own.
    for (const envelope of sealed) secrets.push(...envelope.split('.').slice(2));
    const haystacks = [...responses.map((r) => r.text), ...logLines];
    for (const secret of secrets) {
      const leaks = haystacks.filter((h) => h.includes(secret));
      expect(leaks, `"${secret}" leaked`).toEqual([]);
    }
    // And the masks are what clients see.
    expect(profile.body.data).toMatchObject({
      providerHSMPassword: 'true',
      providerDashboardPassword: 'true',
      providerTwowayPassword: 'true',
    });
  });
});
