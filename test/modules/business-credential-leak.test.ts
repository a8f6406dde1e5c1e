import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMessagingCredentials } from '../../src/modules/business/messaging-credentials.js';
import { GatewayMessagingAdapter } from '../../src/providers/messaging/gateway.adapter.js';
import type { MessagingPort } from '../../src/providers/messaging/messaging.port.js';
import { createCampaign, createContacts, createUser, grantCredits } from '../factories.js';
import { type TestRequest, type TestResponse, useTestApp } from '../harness.js';
import { campaignRow, testDispatcher } from '../jobs/helpers.js';
import { MessagingGatewaySimulator } from '../simulators/messaging-gateway.js';

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
const HSM_ID = 'hsm-leak';
const WABA_NUMBER = '2348039990001';

type Answer = (req: IncomingMessage, body: string) => [number, unknown, number?];

/**
 * The simulator answers 5xx per recipient (`failRecipient`) but has no 4xx of its own: this wraps its
 * answer so sends to `phone` get an HTTP 4xx carrying `details`. The test checks the stored failure
 * reason, so a simulator that changed underneath would fail the test rather than skip the path.
 */
function answer4xxTo(sim: MessagingGatewaySimulator, phone: string, status: number, details: string) {
  const inner = sim as unknown as { answer: Answer };
  const original = inner.answer.bind(sim);
  const digits = phone.replace(/\D/g, '');
  inner.answer = (req, body) =>
    new URLSearchParams(body).get('send_to') === digits
      ? [status, { response: { status: 'error', phone: digits, details } }]
      : original(req, body);
}

describe('provider passwords never leak', () => {
  // Only the right decrypted credentials are accepted: every accepted send proves a real decryption.
  const gateway = new MessagingGatewaySimulator({ accounts: { [HSM_ID]: PASSWORDS.providerHSMPassword } });
  let adapter: GatewayMessagingAdapter;
  // The real gateway adapter, for the API (webhook confirmations) and the dispatcher alike.
  const messaging: MessagingPort = { requiresCredentials: true, send: (c, m) => adapter.send(c, m) };
  const t = useTestApp({ logger, ports: { messaging } });

  beforeAll(async () => {
    await gateway.start();
    adapter = new GatewayMessagingAdapter({ baseUrl: gateway.url, timeoutMs: 5_000, connections: 4 });
  });
  afterAll(async () => {
    await adapter?.close();
    await gateway.stop();
  });

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
      wabaNumber: `+${WABA_NUMBER}`,
      providerHSMID: HSM_ID,
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

    // Decryption paths. A direct load and send through the real adapter.
    const loaded = await loadMessagingCredentials(t.db, t.deps.secretBox, business.businessId);
    expect(loaded?.password).toBe(PASSWORDS.providerHSMPassword);
    await t.deps.messaging.send(loaded!, { to: '+2348031234567', text: 'hello' });

    // A campaign published over HTTP and sent by the dispatcher: one message accepted, one answered
    // HTTP 500 until its attempts run out, one answered HTTP 4xx with details.
    await grantCredits(t, business.businessId, '10');
    const [delivered, broken, refused] = await createContacts(t, business.businessId, 3);
    gateway.failRecipient(broken!.phoneNumber);
    answer4xxTo(gateway, refused!.phoneNumber, 422, 'Template parameter count mismatch');
    const draft = await createCampaign(t, business.businessId, { message: 'Hi {{firstName}}' });
    const published = await call({
      url: `/campaigns/${draft.id}/publish`,
      token: business.accessToken,
      body: { paymentMethod: 'credit' },
    });
    expect(published.status).toBe(200);
    const dispatcher = testDispatcher(t, adapter, {
      maxAttempts: 2,
      breaker: { threshold: 100, firstPauseMs: 10, maxPauseMs: 10 },
    }).start();
    try {
      const done = await vi.waitFor(
        async () => {
          const value = await campaignRow(t, draft.id);
          expect(value).toSatisfy((c) => c.completedAt !== null);
          return value;
        },
        { timeout: 15_000, interval: 30 },
      );
      expect(done).toMatchObject({ sentCount: 1, failedCount: 2 });
    } finally {
      await dispatcher.stop();
    }
    expect(gateway.sendsTo(delivered!.phoneNumber)).toBe(1);
    const listed = await call({ url: `/campaigns/${draft.id}/messages`, token: business.accessToken });
    const reasons = Object.fromEntries(
      (listed.body.data.items as { phoneNumber: string; failureReason: string | null }[]).map((m) => [
        m.phoneNumber,
        m.failureReason,
      ]),
    );
    expect(reasons[broken!.phoneNumber]).toContain('HTTP 500');
    expect(reasons[refused!.phoneNumber]).toContain('HTTP 422');
    expect(reasons[refused!.phoneNumber]).toContain('Template parameter count mismatch');
    await call({ url: `/campaigns/${draft.id}`, token: business.accessToken });

    // An inbound STOP: the confirmation goes out with the decrypted credentials after the answer.
    const stop = await call({
      url: '/webhooks/messaging-provider',
      body: { waNumber: WABA_NUMBER, mobile: delivered!.phoneNumber.slice(1), type: 'text', text: 'STOP' },
    });
    expect(stop.status).toBe(200);
    const confirmation = await vi.waitFor(
      () => {
        const value = gateway.accepted.find(
          (a) => a.form.send_to === delivered!.phoneNumber.slice(1) && !a.form.msg_id,
        );
        expect(value).toSatisfy((found) => found !== undefined);
        return value;
      },
      { timeout: 15_000, interval: 30 },
    );
    expect(confirmation?.form.msg).toContain('unsubscribed');
    // Every accepted send carried the decrypted password (the simulator accepts no other).
    expect(gateway.accepted.length).toBe(3);

    // The capture works: requests, the 500 and its cause are in the log.
    expect(logLines.some((l) => l.includes('incoming request'))).toBe(true);
    expect(logLines.some((l) => l.includes('SQLSTATE P0001'))).toBe(true);
    expect(logLines.some((l) => l.includes('campaign completed'))).toBe(true);
    expect(logLines.some((l) => l.includes('messaging webhook: processed'))).toBe(true);
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
