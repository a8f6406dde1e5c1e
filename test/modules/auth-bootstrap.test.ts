import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bootstrapSuperadmin } from '../../src/modules/auth/superadmin-bootstrap.js';
import { verifyPassword } from '../../src/platform/auth/passwords.js';
import { accounts, businesses, wallets } from '../../src/platform/db/schema/index.js';
import { createUser, uniqueEmail } from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';

const withEnv = (t: TestApp, env: { SUPERADMIN_EMAIL?: string; SUPERADMIN_PASSWORD?: string }) => ({
  ...t.deps,
  config: { ...t.deps.config, ...env },
});

async function accountsWith(t: TestApp, email: string) {
  return t.db.select().from(accounts).where(eq(accounts.email, email));
}

describe('superadmin bootstrap (SUPERADMIN_EMAIL / SUPERADMIN_PASSWORD)', () => {
  const t = useTestApp();

  it('creates a verified superadmin with business and wallet, who can sign in and is an admin', async () => {
    const email = uniqueEmail('root');
    const created = await bootstrapSuperadmin(
      withEnv(t, { SUPERADMIN_EMAIL: email.toUpperCase(), SUPERADMIN_PASSWORD: 'Root-pass-123' }),
    );
    expect(created).toBe(true);
    const [account] = await accountsWith(t, email);
    expect(account).toMatchObject({ role: 'superadmin', verified: true, deleted: false });
    const [business] = await t.db.select().from(businesses).where(eq(businesses.accountId, account!.id));
    expect(await t.db.select().from(wallets).where(eq(wallets.businessId, business!.id))).toHaveLength(1);
    const signIn = await t.request({ url: '/auth/sign-in', body: { email, password: 'Root-pass-123' } });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.user.isAdmin).toBe(true);
  });

  it('does nothing the second time, and never resets the password', async () => {
    const email = uniqueEmail('root');
    await bootstrapSuperadmin(withEnv(t, { SUPERADMIN_EMAIL: email, SUPERADMIN_PASSWORD: 'Root-pass-123' }));
    const again = await bootstrapSuperadmin(
      withEnv(t, { SUPERADMIN_EMAIL: email, SUPERADMIN_PASSWORD: 'Other-pass-456' }),
    );
    expect(again).toBe(false);
    const rows = await accountsWith(t, email);
    expect(rows).toHaveLength(1);
    expect(await verifyPassword(rows[0]!.passwordHash!, 'Root-pass-123')).toBe(true);
  });

  it('leaves an existing account with that e-mail as it is (no promotion)', async () => {
    const user = await createUser(t);
    expect(
      await bootstrapSuperadmin(
        withEnv(t, { SUPERADMIN_EMAIL: user.email, SUPERADMIN_PASSWORD: 'Root-pass-123' }),
      ),
    ).toBe(false);
    const [row] = await accountsWith(t, user.email);
    expect(row!.role).toBe('business');
  });

  it('creates one account when several instances start at once', async () => {
    const email = uniqueEmail('root');
    const deps = withEnv(t, { SUPERADMIN_EMAIL: email, SUPERADMIN_PASSWORD: 'Root-pass-123' });
    const results = await Promise.all(Array.from({ length: 4 }, () => bootstrapSuperadmin(deps)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await accountsWith(t, email)).toHaveLength(1);
  });

  it('does nothing without the variables', async () => {
    const before = await t.db.select({ id: accounts.id }).from(accounts);
    expect(
      await bootstrapSuperadmin(withEnv(t, { SUPERADMIN_EMAIL: undefined, SUPERADMIN_PASSWORD: undefined })),
    ).toBe(false);
    expect(await t.db.select({ id: accounts.id }).from(accounts)).toHaveLength(before.length);
  });
});
