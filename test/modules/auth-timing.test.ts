import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/platform/auth/passwords.js';
import { accounts } from '../../src/platform/db/schema/index.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../factories.js';
import { useTestApp } from '../harness.js';

// The real argon2, watched: every verification the service runs is counted, with the hash it ran against.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verifications = vi.mocked(verify);

/**
 * "A wrong password and an unknown e-mail take the same time" (docs/decisions/accounts.md), proved by the work done
 * rather than by a stopwatch: each path runs exactly one argon2 verification, against a hash of the same
 * algorithm and cost, so neither answer can be told apart by its timing.
 */
describe('sign-in does the same work whether or not the e-mail has an account', () => {
  const t = useTestApp();
  const signIn = (email: string, password: string) =>
    t.request({ url: '/auth/sign-in', body: { email, password } });

  beforeEach(() => {
    verifications.mockClear();
  });

  /** The parameters part of a PHC string (`$argon2id$v=19$m=...,t=...,p=...$`): what decides the cost. */
  const costOf = (phc: string) => phc.split('$').slice(1, 4).join('$');

  async function verifiedHashesOf(email: string, password: string) {
    const res = await signIn(email, password);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid e-mail or password');
    return verifications.mock.calls.map(([hash]) => String(hash));
  }

  it('runs one verification, at the cost of a real password hash, on every failing path', async () => {
    const realCost = costOf(await hashPassword('any-password-1'));
    const user = await createUser(t);
    const passwordless = await createUser(t);
    // As an account made through the identity provider: no password.
    await t.db.update(accounts).set({ passwordHash: null }).where(eq(accounts.id, passwordless.accountId));

    const wrongPassword = await verifiedHashesOf(user.email, 'wrong-password-1');
    verifications.mockClear();
    const unknownEmail = await verifiedHashesOf(uniqueEmail('nobody'), 'wrong-password-1');
    verifications.mockClear();
    const noPassword = await verifiedHashesOf(passwordless.email, 'wrong-password-1');

    for (const hashes of [wrongPassword, unknownEmail, noPassword]) {
      expect(hashes).toHaveLength(1);
      expect(costOf(hashes[0]!)).toBe(realCost);
    }
    expect(realCost).toMatch(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
  });

  it('runs one verification for the right password too', async () => {
    const user = await createUser(t);
    const res = await signIn(user.email, DEFAULT_PASSWORD);
    expect(res.status).toBe(200);
    expect(verifications).toHaveBeenCalledTimes(1);
  });
});
