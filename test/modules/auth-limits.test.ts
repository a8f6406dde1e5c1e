import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ABUSE_LIMITS, CODE_ONLY_GUESSES } from '../../src/modules/auth/auth.limits.js';
import { OTP_BUDGET } from '../../src/modules/auth/otp.service.js';
import { accounts } from '../../src/platform/db/schema/index.js';
import { MemoryRateLimiter, type RateLimiter, RedisRateLimiter } from '../../src/platform/rate-limit.js';
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from '../factories.js';
import { type TestResponse, useTestApp } from '../harness.js';

const CODES_PER_HOUR = OTP_BUDGET.codesPerHour;

// With TEST_REDIS_URL the counters live in Redis, each app under a prefix of its own, so test files running
// side by side never share a counter. (The harness disconnects an app's client when the app closes.)
const redisUrl = process.env.TEST_REDIS_URL;
const prefixed = (prefix: string) => (redisUrl ? new Redis(redisUrl, { keyPrefix: prefix }) : undefined);
const limitsPrefix = `test:${randomUUID()}:`;
const redis = prefixed(`test:${randomUUID()}:`);

let ipCounter = 0;
/** Every test comes from its own client address (TRUST_PROXY reads X-Forwarded-For). */
const newIp = () => `198.51.100.${++ipCounter}`;

function expectTooMany(res: TestResponse) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ apiObject: 'auth', code: 429, status: 'failure' });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('abuse limits (RATE_LIMIT_ENABLED=true)', () => {
  const t = useTestApp({
    env: { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'true' },
    ports: redisUrl ? { redis: prefixed(limitsPrefix) } : {},
  });
  const post = (url: string, body: unknown, ip: string) =>
    t.request({ url, body, headers: { 'x-forwarded-for': ip } });

  it('sign-in: an e-mail gets 10 tries per window, then 429 even with the right password', async () => {
    const user = await createUser(t);
    const ip = newIp();
    for (let i = 0; i < ABUSE_LIMITS.signIn.perEmail; i++) {
      const res = await post('/auth/sign-in', { email: user.email, password: 'wrong-password' }, ip);
      expect(res.status).toBe(401);
    }
    expectTooMany(await post('/auth/sign-in', { email: user.email, password: DEFAULT_PASSWORD }, newIp()));
    // Counted by e-mail whatever its case; another e-mail from the same address still gets in.
    expectTooMany(await post('/auth/sign-in', { email: user.email.toUpperCase(), password: 'x' }, ip));
    const other = await createUser(t);
    expect((await post('/auth/sign-in', { email: other.email, password: DEFAULT_PASSWORD }, ip)).status).toBe(
      200,
    );
  });

  it('sign-in: an address gets 30 tries per window across e-mails', async () => {
    const ip = newIp();
    for (let i = 0; i < ABUSE_LIMITS.signIn.perIp; i++) {
      const res = await post('/auth/sign-in', { email: uniqueEmail(), password: 'whatever-1' }, ip);
      expect(res.status).toBe(401);
    }
    expectTooMany(await post('/auth/sign-in', { email: uniqueEmail(), password: 'whatever-1' }, ip));
    const elsewhere = await post('/auth/sign-in', { email: uniqueEmail(), password: 'whatever-1' }, newIp());
    expect(elsewhere.status).toBe(401);
  });

  it('sign-up: an address gets 10 per window; the 11th creates nothing and sends nothing', async () => {
    const ip = newIp();
    const signUp = (email: string, from: string) =>
      post(
        '/auth/sign-up',
        { name: 'Flood', email, whatsappNumber: '+2348031234567', password: 'Sup3r-secret' },
        from,
      );
    for (let i = 0; i < ABUSE_LIMITS.signUp.perIp; i++)
      expect((await signUp(uniqueEmail('signup-limit'), ip)).status).toBe(201);
    const refused = uniqueEmail('signup-refused');
    expectTooMany(await signUp(refused, ip));
    expect(await t.db.select().from(accounts).where(eq(accounts.email, refused))).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mailbox.find(refused)).toBeUndefined();
    // Another address is not held back.
    expect((await signUp(uniqueEmail('signup-elsewhere'), newIp())).status).toBe(201);
  });

  it(`send-code: ${CODES_PER_HOUR} codes and ${OTP_BUDGET.linksPerHour} link-only mails an hour per e-mail, the next sends no e-mail`, async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < CODES_PER_HOUR; i++)
      expect((await post('/auth/send-code', { email }, newIp())).status).toBe(200);
    const received = () => t.mailbox.messages.filter((m) => m.to.includes(email)).length;
    for (let i = 0; i < 100 && received() < CODES_PER_HOUR; i++) await new Promise((r) => setTimeout(r, 50));
    expect(received()).toBe(CODES_PER_HOUR);
    // Past the codes, link-only mails (a link cannot be guessed), up to their own cap.
    for (let i = 0; i < OTP_BUDGET.linksPerHour; i++)
      expect((await post('/auth/send-code', { email }, newIp())).status).toBe(200);
    for (let i = 0; i < 100 && received() < CODES_PER_HOUR + OTP_BUDGET.linksPerHour; i++)
      await new Promise((r) => setTimeout(r, 50));
    t.mailbox.clear();
    expectTooMany(await post('/auth/send-code', { email }, newIp()));
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mailbox.find(email)).toBeUndefined();
  });

  it('send-code: 10 per address across e-mails', async () => {
    const ip = newIp();
    for (let i = 0; i < ABUSE_LIMITS.sendCode.perIp; i++)
      expect((await post('/auth/send-code', { email: uniqueEmail() }, ip)).status).toBe(200);
    expectTooMany(await post('/auth/send-code', { email: uniqueEmail() }, ip));
  });

  it(`forgot-password: ${CODES_PER_HOUR} codes and ${OTP_BUDGET.linksPerHour} link-only mails an hour per known e-mail`, async () => {
    const email = (await createUser(t)).email;
    for (let i = 0; i < CODES_PER_HOUR + OTP_BUDGET.linksPerHour; i++)
      expect((await post('/auth/forgot-password', { email }, newIp())).status).toBe(200);
    expectTooMany(await post('/auth/forgot-password', { email }, newIp()));
  });

  it('forgot-password: 10 per address', async () => {
    const ip = newIp();
    for (let i = 0; i < ABUSE_LIMITS.forgotPassword.perIp; i++)
      expect((await post('/auth/forgot-password', { email: uniqueEmail() }, ip)).status).toBe(400);
    expectTooMany(await post('/auth/forgot-password', { email: uniqueEmail() }, ip));
  });

  it('verify-code: not counted per e-mail (a stranger must not use up the owner’s tries)', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 12; i++)
      expect((await post('/auth/verify-code', { email, code: '000000' }, newIp())).status).toBe(401);
  });

  it('verify-code: 30 per address', async () => {
    const ip = newIp();
    for (let i = 0; i < ABUSE_LIMITS.verifyCode.perIp; i++)
      expect((await post('/auth/verify-code', { email: uniqueEmail(), code: '000000' }, ip)).status).toBe(
        401,
      );
    expectTooMany(await post('/auth/verify-code', { email: uniqueEmail(), code: '000000' }, ip));
  });

  it('reset-password: 20 per address', async () => {
    const body = (e: string) => ({ email: e, code: '000000', password: 'Reset-pass-77' });
    const ip = newIp();
    for (let i = 0; i < ABUSE_LIMITS.resetPassword.perIp; i++)
      expect((await post('/auth/reset-password', body(uniqueEmail()), ip)).status).toBe(401);
    expectTooMany(await post('/auth/reset-password', body(uniqueEmail()), ip));
  });

  it.runIf(redisUrl)('keeps its counters in Redis, under this app’s prefix', async () => {
    const plain = new Redis(redisUrl!);
    try {
      const keys = await plain.keys(`${limitsPrefix}*`);
      expect(keys.some((k) => k.startsWith(`${limitsPrefix}rate-limit:`))).toBe(true);
      expect(keys.some((k) => k.startsWith(`${limitsPrefix}limit:auth:signIn:email:`))).toBe(true);
      // E-mail addresses do not appear in the keys.
      expect(keys.some((k) => k.includes('@'))).toBe(false);
    } finally {
      plain.disconnect();
    }
  });
});

describe('verify-code with the code alone (always limited: part of the OTP rule)', () => {
  const t = useTestApp({
    env: { TRUST_PROXY: 'true' },
    ports: redisUrl ? { redis: prefixed(`test:${randomUUID()}:`) } : {},
  });
  const verify = (code: string, ip: string) =>
    t.request({ url: '/auth/verify-code', body: { code }, headers: { 'x-forwarded-for': ip } });

  it('allows 5 wrong guesses per address per code lifetime; right guesses are not counted', async () => {
    const email = uniqueEmail();
    await t.request({ url: '/auth/send-code', body: { email } });
    const code = await t.mailbox.otpFor(email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < 3; i++) expect((await verify(code, ip)).status).toBe(200);
    for (let i = 0; i < CODE_ONLY_GUESSES.perIp.max; i++) expect((await verify(wrong, ip)).status).toBe(401);
    const blocked = await verify(code, ip);
    expectTooMany(blocked);
    expect(blocked.body.message).toMatch(/send the e-mail address/);
    // With the e-mail the check goes on (that record's own five attempts apply), and other addresses are free.
    const withEmail = await t.request({
      url: '/auth/verify-code',
      body: { email, code },
      headers: { 'x-forwarded-for': ip },
    });
    expect(withEmail.status).toBe(200);
    expect((await verify(code, '203.0.113.250')).status).toBe(200);
  });
});

describe('rate limiter counters', () => {
  const limiters: [string, () => RateLimiter][] = [['memory', () => new MemoryRateLimiter()]];
  if (redis) limiters.push(['redis', () => new RedisRateLimiter(redis, `limiter-${randomUUID()}:`)]);

  it.each(limiters)(
    '%s: 20 concurrent hits with max 5 let exactly 5 through; release gives one back',
    async (_n, make) => {
      const limiter = make();
      const rule = { max: 5, windowMs: 60_000 };
      const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('k', rule)));
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
      expect(results.every((r) => r.retryAfterSeconds > 0 && r.retryAfterSeconds <= 60)).toBe(true);
      for (let i = 0; i < 16; i++) await limiter.release('k');
      expect((await limiter.hit('k', rule)).allowed).toBe(true);
    },
  );

  it.each(limiters)('%s: a new window starts after the old one ends', async (_n, make) => {
    const limiter = make();
    const rule = { max: 1, windowMs: 150 };
    expect((await limiter.hit('w', rule)).allowed).toBe(true);
    expect((await limiter.hit('w', rule)).allowed).toBe(false);
    await new Promise((r) => setTimeout(r, 250));
    expect((await limiter.hit('w', rule)).allowed).toBe(true);
  });

  it('keeps limiting in memory while Redis is unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:9', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const limiter = new RedisRateLimiter(down, 'x:');
    const rule = { max: 2, windowMs: 60_000 };
    const allowed = [];
    for (let i = 0; i < 4; i++) allowed.push((await limiter.hit('k', rule)).allowed);
    expect(allowed).toEqual([true, true, false, false]);
    down.disconnect();
  });
});

describe('limits off (the test default)', () => {
  const t = useTestApp();

  it('lets more than 10 sign-ups from one address through', async () => {
    for (let i = 0; i < ABUSE_LIMITS.signUp.perIp + 1; i++) {
      const res = await t.request({
        url: '/auth/sign-up',
        body: { name: 'Many', email: uniqueEmail('many'), whatsappNumber: '+2348031234567' },
      });
      expect(res.status).toBe(201);
    }
  });

  it('lets more than 10 sign-in attempts for one e-mail through', async () => {
    const user = await createUser(t);
    for (let i = 0; i < ABUSE_LIMITS.signIn.perEmail + 2; i++) {
      const res = await t.request({
        url: '/auth/sign-in',
        body: { email: user.email, password: 'wrong-one' },
      });
      expect(res.status).toBe(401);
    }
  });
});

afterAll(() => {
  redis?.disconnect();
});
