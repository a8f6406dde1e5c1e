import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CredentialsUnreadableError,
  loadMessagingCredentials,
  resealMessagingCredentials,
} from '../../src/modules/business/messaging-credentials.js';
import { businesses } from '../../src/platform/db/schema/index.js';
import { SecretBox } from '../../src/platform/secret-box.js';
import { createUser } from '../factories.js';
import { useTestApp } from '../harness.js';

const credentials = {
  provider: 'gateway',
  wabaNumber: '+234 803 111 2233',
  providerHSMID: 'hsm-user-1',
  providerHSMPassword: 'hsm-Secret-81',
  wabaProviderId: 'waba-77',
  providerDashboardLogin: 'dash-login',
  providerDashboardPassword: 'dash-Secret-82',
  providerTwowayLogin: 'twoway-login',
  providerTwowayPassword: 'twoway-Secret-83',
};

describe('messaging-provider credentials', () => {
  const t = useTestApp();

  const stored = async (businessId: string) =>
    (await t.db.select().from(businesses).where(eq(businesses.id, businessId)))[0]!;
  const save = (token: string, body: unknown) => t.request({ url: '/business/provider', token, body });

  it.each([
    ['a pending business', { businessVerified: 'pending' as const }],
    ['a rejected business', { businessVerified: 'rejected' as const }],
    [
      'an accepted business whose e-mail is not verified',
      { businessVerified: 'accepted' as const, verified: false },
    ],
  ])('answers 403 to %s and stores nothing', async (_label, opts) => {
    const user = await createUser(t, opts);
    const res = await save(user.accessToken, credentials);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ apiObject: 'business', status: 'failure' });
    const row = await stored(user.businessId);
    expect(row.providerHSMPasswordEnc).toBeNull();
    expect(row.wabaNumber).toBeNull();
  });

  it('seals the three passwords, answers them as "true", and stores the number as gateway digits', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const res = await save(user.accessToken, credentials);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      provider: 'gateway',
      wabaNumber: '2348031112233',
      wabaProviderId: 'waba-77',
      providerHSMID: 'hsm-user-1',
      providerHSMPassword: 'true',
      providerDashboardLogin: 'dash-login',
      providerDashboardPassword: 'true',
      providerTwowayLogin: 'twoway-login',
      providerTwowayPassword: 'true',
    });
    expect(res.body.data).toHaveProperty('wallet');

    const row = await stored(user.businessId);
    const sealed = [
      row.providerHSMPasswordEnc,
      row.providerDashboardPasswordEnc,
      row.providerTwowayPasswordEnc,
    ];
    const plain = [
      credentials.providerHSMPassword,
      credentials.providerDashboardPassword,
      credentials.providerTwowayPassword,
    ];
    sealed.forEach((value, i) => {
      // AES-256-GCM envelope naming the key that sealed it (so the key can rotate), bound to the business.
      expect(value).toMatch(/^v2\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
      expect(value).not.toContain(plain[i]);
      expect(t.deps.secretBox.open(value!, user.businessId)).toBe(plain[i]);
    });
    expect(row.wabaNumber).toBe('2348031112233');

    // The dispatcher's one decryption point sees the plaintext.
    expect(await loadMessagingCredentials(t.db, t.deps.secretBox, user.businessId)).toEqual({
      userId: 'hsm-user-1',
      password: 'hsm-Secret-81',
      fromNumber: '2348031112233',
      provider: 'gateway',
    });
  });

  it('seals with a random IV: the same password saved twice gives two different ciphertexts', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    await save(user.accessToken, { ...credentials, wabaNumber: '+2348031112244' });
    const first = (await stored(user.businessId)).providerHSMPasswordEnc;
    await save(user.accessToken, { ...credentials, wabaNumber: '+2348031112244' });
    const second = (await stored(user.businessId)).providerHSMPasswordEnc;
    expect(first).not.toBe(second);
    expect(t.deps.secretBox.open(first!, user.businessId)).toBe(
      t.deps.secretBox.open(second!, user.businessId),
    );
  });

  it('still opens stored passwords after the key rotates', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    await save(user.accessToken, { ...credentials, wabaNumber: '+2348031112255' });
    const oldKey = Buffer.alloc(32, 7).toString('base64');
    const rotated = new SecretBox(Buffer.alloc(32, 9).toString('base64'), [oldKey]);
    const loaded = await loadMessagingCredentials(t.db, rotated, user.businessId);
    expect(loaded?.password).toBe('hsm-Secret-81');
    expect(rotated.needsRotation((await stored(user.businessId)).providerHSMPasswordEnc!)).toBe(true);
  });

  it('keeps reading a password stored unbound, and the start-up step re-seals it bound to its business', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    await save(user.accessToken, { ...credentials, wabaNumber: '+2348031114411' });
    const legacy = t.deps.secretBox.seal('legacy-Secret-1');
    await t.db
      .update(businesses)
      .set({ providerHSMPasswordEnc: legacy })
      .where(eq(businesses.id, user.businessId));
    expect((await loadMessagingCredentials(t.db, t.deps.secretBox, user.businessId))?.password).toBe(
      'legacy-Secret-1',
    );

    expect(await resealMessagingCredentials(t.db, t.deps.secretBox, t.deps.logger)).toBeGreaterThanOrEqual(1);
    const resealed = (await stored(user.businessId)).providerHSMPasswordEnc!;
    expect(resealed.startsWith('v2.')).toBe(true);
    expect(t.deps.secretBox.open(resealed, user.businessId)).toBe('legacy-Secret-1');
    expect((await loadMessagingCredentials(t.db, t.deps.secretBox, user.businessId))?.password).toBe(
      'legacy-Secret-1',
    );
    // Bound now: copied to another business's row, it no longer opens there.
    const other = await createUser(t, { businessVerified: 'accepted' });
    await t.db
      .update(businesses)
      .set({ providerHSMID: 'hsm-copy', providerHSMPasswordEnc: resealed })
      .where(eq(businesses.id, other.businessId));
    await expect(loadMessagingCredentials(t.db, t.deps.secretBox, other.businessId)).rejects.toThrow(
      CredentialsUnreadableError,
    );
  });

  it('reads a national number with the business country, and rejects one that is not a number', async () => {
    const user = await createUser(t, { businessVerified: 'accepted', countryCode: 'NG' });
    const ok = await save(user.accessToken, { ...credentials, wabaNumber: '0803 111 2266' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.wabaNumber).toBe('2348031112266');

    const bad = await save(user.accessToken, { ...credentials, wabaNumber: 'not-a-number' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorMessage.fields[0].path).toBe('wabaNumber');
    expect((await stored(user.businessId)).wabaNumber).toBe('2348031112266');
  });

  it('answers 400 when another business already uses the number, and changes neither business', async () => {
    const owner = await createUser(t, { businessVerified: 'accepted' });
    const other = await createUser(t, { businessVerified: 'accepted' });
    await save(owner.accessToken, { ...credentials, wabaNumber: '+2348031112277' });
    await save(other.accessToken, { ...credentials, wabaNumber: '+2348031112278' });
    const ownerBefore = await stored(owner.businessId);
    const otherBefore = await stored(other.businessId);

    // The same number written differently is the same number.
    const res = await save(other.accessToken, {
      ...credentials,
      wabaNumber: '2348031112277',
      providerHSMID: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage).toMatchObject({ reason: 'conflict', field: 'wabaNumber' });
    expect(await stored(owner.businessId)).toEqual(ownerBefore);
    expect(await stored(other.businessId)).toEqual(otherBefore);

    // Saving one's own number again is not a conflict.
    expect((await save(owner.accessToken, { ...credentials, wabaNumber: '+2348031112277' })).status).toBe(
      200,
    );
  });

  it('keeps omitted optional fields and clears those sent empty', async () => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    await save(user.accessToken, { ...credentials, wabaNumber: '+2348031112288' });
    const res = await save(user.accessToken, {
      provider: 'gateway',
      wabaNumber: '+2348031112288',
      providerHSMID: 'hsm-user-2',
      providerHSMPassword: 'hsm-Secret-99',
      providerTwowayLogin: '',
      providerTwowayPassword: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      providerHSMID: 'hsm-user-2',
      wabaProviderId: 'waba-77',
      providerDashboardLogin: 'dash-login',
      providerDashboardPassword: 'true',
      providerTwowayLogin: null,
      providerTwowayPassword: 'false',
    });
    const row = await stored(user.businessId);
    expect(row.providerTwowayPasswordEnc).toBeNull();
    expect(t.deps.secretBox.open(row.providerHSMPasswordEnc!, user.businessId)).toBe('hsm-Secret-99');
    expect(t.deps.secretBox.open(row.providerDashboardPasswordEnc!, user.businessId)).toBe('dash-Secret-82');
  });

  it.each([['provider'], ['wabaNumber'], ['providerHSMID'], ['providerHSMPassword']])(
    'answers 400 naming %s when it is missing, and stores nothing',
    async (field) => {
      const user = await createUser(t, { businessVerified: 'accepted' });
      const body: Record<string, unknown> = { ...credentials };
      delete body[field];
      const res = await save(user.accessToken, body);
      expect(res.status).toBe(400);
      expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
      expect((await stored(user.businessId)).providerHSMPasswordEnc).toBeNull();
    },
  );

  it.each([
    [{ providerHSMPassword: 12345 }, 'providerHSMPassword'],
    [{ providerHSMPassword: '' }, 'providerHSMPassword'],
    [{ providerDashboardPassword: ['a'] }, 'providerDashboardPassword'],
    [{ wabaNumber: 2348031112299 }, 'wabaNumber'],
  ])('answers 400 to %j', async (patch, field) => {
    const user = await createUser(t, { businessVerified: 'accepted' });
    const res = await save(user.accessToken, { ...credentials, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.errorMessage.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect((await stored(user.businessId)).providerHSMPasswordEnc).toBeNull();
  });

  it('lets only one of two businesses racing for one number have it', async () => {
    const a = await createUser(t, { businessVerified: 'accepted' });
    const b = await createUser(t, { businessVerified: 'accepted' });
    const number = '+2348031113300';
    const results = await Promise.all([
      save(a.accessToken, { ...credentials, wabaNumber: number }),
      save(b.accessToken, { ...credentials, wabaNumber: number }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const owners = await t.db.select().from(businesses).where(eq(businesses.wabaNumber, '2348031113300'));
    expect(owners).toHaveLength(1);
  });
});
