import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../../src/platform/db/schema/index.js';
import { createUser, type TestUser, uniqueEmail } from '../../factories.js';
import { E2E_TIMEOUT, hasChromium, launchBrowser, newSession } from './browser.js';
import { type ConsoleService, startConsoleService } from './service.js';

// The owner's way back after someone changed the account's e-mail: the link mailed to the old address,
// opened in a browser, whatever that browser still holds and whatever changed after.
describe.skipIf(!hasChromium)('undoing an e-mail change from the mailed link', () => {
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  const profileEmail = async (user: TestUser) => {
    const [row] = await service.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    return row?.email;
  };

  async function signIn(page: Page, email: string, password: string) {
    await page.goto('/sign-in');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('textbox', { name: 'Password' }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  }

  /** Another session of the account changes the address through the API; the link mailed to `from`. */
  async function changeByApi(token: string, from: string, to: string, password: string) {
    service.mailbox.clear();
    await service.request({ url: '/auth/send-code', body: { email: to } });
    const code = await service.mailbox.otpFor(to, /verification code/i);
    const res = await service.request({
      method: 'PATCH',
      url: '/users/email',
      token,
      body: { newEmail: to, code, password },
    });
    expect(res.status).toBe(200);
    return undoLink(from);
  }

  async function undoLink(from: string): Promise<string> {
    const mail = await service.mailbox.waitFor(from, /e-mail address was changed/);
    return /https?:\/\/\S+\/users\/email\/undo\?token=\S+/.exec(mail.text)![0];
  }

  it(
    'A → B in the console, then B → C: the link mailed to A puts A back',
    async () => {
      const user = await createUser(service, { name: 'Ngozi Obi' });
      const b = uniqueEmail('second');
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user.email, user.password);

      // The console asks for the current password with the code sent to the new address.
      service.mailbox.clear();
      await page.goto('/settings?tab=security');
      await page.getByLabel('New e-mail').fill(b);
      await page.getByRole('button', { name: 'Send a code to the new address' }).click();
      const code = await service.mailbox.otpFor(b, /verification code/i);
      await page.getByLabel('E-mail code digit 1 of 6').pressSequentially(code);
      const emailCard = page
        .locator('form')
        .filter({ has: page.getByRole('heading', { name: 'Change e-mail' }) });
      await emailCard.getByLabel('Current password').fill(user.password);
      await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
      await page.getByText(`Your e-mail is now ${b}`).waitFor();
      const toA = await undoLink(user.email);

      // The same session moves the address on again; the mail for that goes to B.
      const session = await service.request({
        url: '/auth/sign-in',
        body: { email: b, password: user.password },
      });
      await changeByApi(session.body.data.accessToken, b, uniqueEmail('third'), user.password);

      // The owner opens the first link in a browser of their own: a page with a button, then the answer.
      const owner = await newSession(browser, service.url);
      await owner.page.goto(toA);
      await owner.page.getByRole('button', { name: 'Undo the change' }).click();
      await owner.page.getByRole('status').filter({ hasText: 'previous e-mail address is back' }).waitFor();
      expect(await profileEmail(user)).toBe(user.email);

      // Every session ended: the console that made the change is signed out at its next request.
      await page.reload();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      // The owner signs in with the old address and the password nobody changed.
      await signIn(owner.page, user.email, user.password);
      await owner.context.close();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'the owner’s browser still holds the cookie of the session the change ended: the undo works',
    async () => {
      const user = await createUser(service, { name: 'Tunde Bello' });
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user.email, user.password);
      expect((await context.cookies()).some((c) => c.name === 'token')).toBe(true);

      const toA = await changeByApi(user.accessToken, user.email, uniqueEmail('taken'), user.password);
      // The change signed the owner's browser out, but its cookie is still there.
      expect((await context.cookies()).some((c) => c.name === 'token' && c.value)).toBe(true);

      await page.goto(toA);
      await page.getByRole('button', { name: 'Undo the change' }).click();
      await page.getByRole('status').filter({ hasText: 'previous e-mail address is back' }).waitFor();
      expect(await profileEmail(user)).toBe(user.email);

      await signIn(page, user.email, user.password);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
