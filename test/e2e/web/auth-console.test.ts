import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../factories.js';
import { IdentityProviderSimulator } from '../../simulators/identity-provider.js';
import { E2E_TIMEOUT, expectAccessible, hasChromium, launchBrowser, newSession } from './browser.js';
import { type ConsoleService, startConsoleService } from './service.js';

// The sign-in screens of a service without an identity provider, and the e-mail verification page.
describe.skipIf(!hasChromium)('console without an identity provider; verifying the e-mail', () => {
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it(
    'offers no identity-provider button on sign-in and sign-up',
    async () => {
      const { context, page } = await newSession(browser, service.url);
      for (const path of ['/sign-in', '/sign-up']) {
        // Absent because the service said so, not because its answer had not arrived yet.
        const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/identity-provider'));
        await page.goto(path);
        expect((await (await answer).json()).data.enabled).toBe(false);
        await page
          .getByRole('heading', { name: path === '/sign-in' ? 'Sign in' : /account/i })
          .first()
          .waitFor();
        expect(await page.getByRole('button', { name: /^Continue with/ }).count()).toBe(0);
      }
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'shows a wrong code as an error next to the boxes, then takes the right one',
    async () => {
      const user = await createUser(service, { name: 'Kemi Ade', verified: false });
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/sign-in?redirect=/verify-email');
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByRole('textbox', { name: 'Password' }).fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
      await page.getByRole('button', { name: 'Send me a new code' }).click();
      const code = await service.mailbox.otpFor(user.email, /verification code/);
      const wrong = code.replace(/^./, (d) => String((Number(d) + 1) % 10));

      await page.getByLabel('Digit 1 of 6').pressSequentially(wrong);
      // The refusal in words, next to the boxes, which are marked invalid and emptied for the next try.
      const error = page.getByRole('alert').filter({ hasText: 'Invalid or expired code' });
      await error.waitFor();
      const first = page.getByLabel('Digit 1 of 6');
      expect(await first.getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => first.inputValue()).toBe('');
      await expectAccessible(page, 'verify e-mail with a wrong code');

      // The right code typed into the boxes verifies, and the console goes on.
      await first.click();
      await first.pressSequentially(code);
      await page.getByRole('heading', { name: /Welcome, Kemi Ade/ }).waitFor();
      expect(await error.count()).toBe(0);
      const profile = await service.request({ url: '/users/profile', token: user.accessToken });
      expect(profile.body.data.verified).toBe(true);
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'opens the link of the reset e-mail and sets the new password with it',
    async () => {
      const user = await createUser(service, { name: 'Tunde Bello' });
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/forgot-password');
      await page.getByLabel('E-mail').fill(user.email);
      await page.getByRole('button', { name: 'Send the code' }).click();
      const mail = await service.mailbox.waitFor(user.email, /reset/i);
      const link = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      expect(link).toBeDefined();
      const { pathname, search } = new URL(link as string);
      await page.goto(`${pathname}${search}`);
      // The link stands for the address and the code: only the new password is asked.
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      expect(await page.getByLabel('E-mail').count()).toBe(0);
      await page.getByLabel('New password').fill('Tunde-link-pass-1');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).first().waitFor();
      const signIn = await service.request({
        url: '/auth/sign-in',
        body: { email: user.email, password: 'Tunde-link-pass-1' },
      });
      expect(signIn.status).toBe(200);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

// Sign-in and sign-up through the identity provider's simulator: its authorisation page, the console's
// callback, and what the console says when the person cancels or the sign-in cannot be used.
describe.skipIf(!hasChromium)('console with an identity provider', () => {
  let service: ConsoleService;
  let browser: Browser;
  const idp = new IdentityProviderSimulator();

  beforeAll(async () => {
    await idp.start();
    const envFor = (url: string) => {
      idp.redirectUri = `${url}/oauth/callback`;
      return idp.env();
    };
    [service, browser] = await Promise.all([startConsoleService({ envFor }), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await idp.stop();
  });

  it(
    'signs up through the provider and lands where the visitor was going',
    async () => {
      idp.signedInUser = {
        sub: 'sub-ngozi',
        email: `ngozi.${Date.now()}@example.test`,
        email_verified: true,
        name: 'Ngozi Eze',
      };
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/sign-in?redirect=/campaigns');
      const button = page.getByRole('button', { name: 'Continue with single sign-on' });
      await button.waitFor();
      await expectAccessible(page, 'sign-in with an identity provider');
      await button.click();
      await page.getByRole('link', { name: 'Continue as Ngozi Eze' }).click();
      await page.getByRole('heading', { name: 'Campaigns' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/campaigns');
      const cookies = await context.cookies();
      const token = cookies.find((c) => c.name === 'token')?.value;
      const profile = await service.request({ url: '/users/profile', cookies: { token: token! } });
      expect(profile.body.data).toMatchObject({
        name: 'Ngozi Eze',
        email: idp.signedInUser.email,
        verified: true,
      });
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'joins a business from an invitation through the provider, only with the invited address',
    async () => {
      const owner = await createUser(service, { name: 'Ada' });
      const invited = `kemi.${Date.now()}@example.test`;
      const sent = await service.request({
        method: 'POST',
        url: '/members/invitations',
        token: owner.accessToken,
        body: { email: invited, role: 'agent' },
      });
      expect(sent.status).toBe(201);
      const mail = await service.mailbox.waitFor(invited, /invited/, 15_000);
      const link = /(https?:\/\/\S+\/invitation\?token=[\w%-]+)/.exec(mail.text)?.[1];
      if (!link) throw new Error(`no invitation link in ${mail.text}`);

      // The provider vouches for another address: refused in words, and the link still works.
      idp.signedInUser = {
        sub: `sub-other-${Date.now()}`,
        email: `other.${Date.now()}@example.test`,
        email_verified: true,
        name: 'Someone Else',
      };
      const { context, page } = await newSession(browser, service.url);
      await page.goto(link);
      await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
      await page.getByRole('link', { name: 'Continue as Someone Else' }).click();
      await page
        .getByRole('alert')
        .getByText(/Joining with the identity provider failed/)
        .waitFor();
      await page.getByRole('link', { name: 'Back to the invitation' }).click();

      // The invited address: the person joins as an agent and lands in its inbox.
      idp.signedInUser = {
        sub: `sub-kemi-${Date.now()}`,
        email: invited,
        email_verified: true,
        name: 'Kemi Ade',
      };
      await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
      await page.getByRole('link', { name: 'Continue as Kemi Ade' }).click();
      await page.getByRole('heading', { name: 'Inbox' }).waitFor();
      const members = await service.request({ url: '/members', token: owner.accessToken });
      expect(members.body.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: invited, role: 'agent', name: 'Kemi Ade' }),
        ]),
      );
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'says in words when the person cancels, when the sign-in was not started here, or when the code is refused',
    async () => {
      const { context, page } = await newSession(browser, service.url);
      await page.goto('/sign-up');
      await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page
        .getByRole('alert')
        .getByText(/You cancelled signing in/)
        .waitFor();
      await expectAccessible(page, 'identity sign-in cancelled');
      await page.getByRole('link', { name: 'Back to sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();

      // A return this tab did not start (a forged or stale link) is not used: no code is sent.
      let posted = 0;
      page.on('request', (r) => {
        if (r.url().includes('/oauth/identity-provider-sign-in')) posted++;
      });
      await page.goto('/oauth/callback?code=stolen&state=not-ours');
      await page
        .getByRole('alert')
        .getByText(/not started from this browser tab/)
        .waitFor();
      expect(posted).toBe(0);

      // Started here, but the provider refuses the code (unknown, used or expired): the service's 401.
      await page.evaluate(
        "sessionStorage.setItem('identity-provider-sign-in', JSON.stringify({ state: 's1', redirect: '/' }))",
      );
      await page.goto('/oauth/callback?code=used-code&state=s1');
      await page
        .getByRole('alert')
        .getByText(/did not accept this sign-in/)
        .waitFor();
      expect(posted).toBe(1);
      expect((await context.cookies()).some((c) => c.name === 'token')).toBe(false);
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
