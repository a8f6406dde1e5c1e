import { createHmac } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postLedgerEntry } from '../../../src/modules/wallet/ledger.js';
import {
  businesses,
  campaignMessages,
  tickets,
  transactions,
} from '../../../src/platform/db/schema/index.js';
import {
  createContacts,
  createUser,
  setExchangeRate,
  setMessagingCredentials,
  type TestUser,
} from '../../factories.js';
import {
  E2E_TIMEOUT,
  expectAccessible,
  hasChromium,
  launchBrowser,
  newSession,
  screenshot,
} from './browser.js';
import { type ConsoleService, startConsoleService } from './service.js';

/** The page as a reader sees it when it opens: toasts dismissed, scrolled to the top. */
async function picture(page: Page, name: string) {
  const toasts = page.locator('.mantine-Notification-closeButton');
  while (await toasts.count())
    await toasts
      .first()
      .click()
      .catch(() => undefined);
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

/** The administrators' console: role matrix, every admin screen scanned, and the verification journey. */
describe.skipIf(!hasChromium)('web console: administrators', () => {
  let service: ConsoleService;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await service?.close();
  });

  /** A browser profile signed in as `user` (the session cookie the sign-in page would have set). */
  async function signedIn(user: TestUser, path: string, viewport?: { width: number; height: number }) {
    const { context, page } = await newSession(browser, service.url, viewport);
    contexts.push(context);
    await context.addCookies([{ name: 'token', value: user.accessToken, url: service.url }]);
    await page.goto(path);
    return page;
  }

  /** Waits until some page of this account has joined its real-time room (before anything is emitted to it). */
  async function joined(room: string) {
    await vi.waitFor(
      async () => expect((await service.gateway.io.in(room).fetchSockets()).length).toBeGreaterThan(0),
      { timeout: 15_000, interval: 50 },
    );
  }

  const navLinks = async (page: Page) => {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link').first().waitFor();
    return nav.getByRole('link').allInnerTexts();
  };

  const submitted = (user: TestUser, at: Date, companyName: string) =>
    service.db
      .update(businesses)
      .set({ verificationSubmittedAt: at, companyName })
      .where(eq(businesses.id, user.businessId));

  it('shows each role only its menus; an admin page typed by a business says "not allowed"', async () => {
    const [business, affiliate, admin, superadmin] = await Promise.all([
      createUser(service, { name: 'Plain Business' }),
      createUser(service, { name: 'Affiliate Business', affiliate: { percentage: 10 } }),
      createUser(service, { role: 'admin', name: 'Ada Admin' }),
      createUser(service, { role: 'superadmin', name: 'Sam Super' }),
    ]);

    // `/` is each role's own home: a business (affiliate or not) stays on its home, an administrator lands
    // on the admin home, whether signing in or opening `/`.
    const asBusiness = await signedIn(business, '/');
    await asBusiness.getByRole('heading', { name: 'Welcome, Plain Business' }).waitFor();
    expect(new URL(asBusiness.url()).pathname).toBe('/');
    const businessMenu = await navLinks(asBusiness);
    expect(businessMenu).toContain('Contacts');
    expect(businessMenu).not.toContain('Affiliate');
    expect(
      businessMenu.some((l) => ['Admin home', 'Verification', 'Accounts', 'Platform settings'].includes(l)),
    ).toBe(false);
    await asBusiness.goto('/admin/businesses');
    await asBusiness.getByRole('heading', { name: 'Not allowed' }).waitFor();
    // The page only hides: the API refuses the same caller on its own.
    expect((await asBusiness.request.get('/api/v1/admin/businesses')).status()).toBe(403);
    await asBusiness.goto('/affiliate');
    await asBusiness.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect((await asBusiness.request.get('/api/v1/affiliate/earnings')).status()).toBe(403);

    const asAffiliate = await signedIn(affiliate, '/');
    await asAffiliate.getByRole('heading', { name: 'Welcome, Affiliate Business' }).waitFor();
    expect(new URL(asAffiliate.url()).pathname).toBe('/');
    const affiliateMenu = await navLinks(asAffiliate);
    expect(affiliateMenu).toEqual(expect.arrayContaining(['Contacts', 'Affiliate']));
    // Home first, as for any business; the affiliate page after the business's own pages.
    expect(affiliateMenu[0]).toBe('Home');
    expect(affiliateMenu.indexOf('Affiliate')).toBeGreaterThan(affiliateMenu.indexOf('Settings'));
    expect(affiliateMenu).not.toContain('Verification');

    const asAdmin = await signedIn(admin, '/');
    await asAdmin.getByRole('heading', { name: 'Admin home' }).waitFor();
    expect(new URL(asAdmin.url()).pathname).toBe('/admin');
    const adminMenu = await navLinks(asAdmin);
    expect(adminMenu).toEqual(
      expect.arrayContaining([
        'Admin home',
        'Verification',
        'Accounts',
        'Plans',
        'Exchange rates',
        'Rate card',
        'Revenue and margin',
        'Transactions',
        'Tickets',
      ]),
    );
    expect(adminMenu).not.toContain('Platform settings');
    expect(adminMenu).not.toContain('Contacts');
    // The business home is not a second home for an administrator.
    expect(adminMenu).not.toContain('Home');
    expect(adminMenu).not.toContain('Affiliate');
    await asAdmin.goto('/admin/settings');
    await asAdmin.getByRole('heading', { name: 'Not allowed' }).waitFor();

    const { context, page: asSuper } = await newSession(browser, service.url);
    contexts.push(context);
    await asSuper.goto('/sign-in');
    await asSuper.getByLabel('E-mail').fill(superadmin.email);
    await asSuper.getByRole('textbox', { name: 'Password' }).fill(superadmin.password);
    await asSuper.getByRole('button', { name: 'Sign in' }).click();
    await asSuper.getByRole('heading', { name: 'Admin home' }).waitFor();
    expect(new URL(asSuper.url()).pathname).toBe('/admin');
    const superMenu = await navLinks(asSuper);
    expect(superMenu).toEqual(expect.arrayContaining(['Admin home', 'Verification', 'Platform settings']));
    expect(superMenu).not.toContain('Contacts');
  }, 90_000);

  it('an admin accepts one business and rejects another with a reason; both see it arrive, so does a second admin', async () => {
    const [admin, otherAdmin, first, second] = await Promise.all([
      createUser(service, { role: 'admin', name: 'Queue Admin' }),
      createUser(service, { role: 'admin', name: 'Second Admin' }),
      createUser(service, { name: 'First Owner' }),
      createUser(service, { name: 'Second Owner' }),
    ]);
    await submitted(first, new Date(Date.now() - 3 * 86_400_000), 'Oldest Foods Ltd');
    await submitted(second, new Date(Date.now() - 5 * 3_600_000), 'Newer Textiles Ltd');
    // Something the first business's log records, for the administrator to read there.
    const added = await service.request({
      method: 'POST',
      url: '/contacts',
      token: first.accessToken,
      body: { firstName: 'Ife', lastName: 'Bello', phoneNumber: '+2348031110000' },
    });
    expect(added.status).toBe(201);

    const firstPage = await signedIn(first, '/notifications');
    const secondPage = await signedIn(second, '/notifications');
    const watcher = await signedIn(otherAdmin, '/admin/businesses');
    await watcher.getByRole('link', { name: 'Newer Textiles Ltd' }).waitFor();
    await Promise.all([
      joined(`business:${first.businessId}`),
      joined(`business:${second.businessId}`),
      joined(`admin:${otherAdmin.accountId}`),
    ]);

    const page = await signedIn(admin, '/admin/businesses');
    await page.getByRole('heading', { name: 'Verification queue' }).waitFor();
    // The menu marks the one page open, not also the admin home whose path starts it.
    const current = page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
    expect(await current.allInnerTexts()).toEqual(['Verification']);
    // Oldest submission first, with how long each has waited.
    const rows = page.getByRole('row');
    await rows.filter({ hasText: 'Oldest Foods Ltd' }).getByText('3 days').waitFor();
    await rows.filter({ hasText: 'Newer Textiles Ltd' }).getByText('5 hours').waitFor();
    const names = await page.getByRole('table').getByRole('link').allInnerTexts();
    expect(names.indexOf('Oldest Foods Ltd')).toBeLessThan(names.indexOf('Newer Textiles Ltd'));
    await expectAccessible(page, 'verification queue');
    await picture(page, 'admin-verification-queue');

    await page.getByRole('link', { name: 'Oldest Foods Ltd' }).click();
    await page.getByRole('heading', { name: 'Oldest Foods Ltd' }).waitFor();
    await page.getByRole('region', { name: 'Documents' }).getByText('uploaded no files').waitFor();
    const log = page.getByRole('region', { name: 'Audit log' });
    await log.getByRole('row').filter({ hasText: 'Added a contact' }).getByText(first.email).waitFor();
    await expectAccessible(page, 'business detail');
    await picture(page, 'admin-business-detail');
    await page.getByRole('button', { name: 'Accept' }).click();
    await firstPage.getByText('Business verified').first().waitFor();
    await page.getByText('accepted', { exact: true }).first().waitFor();

    await page.goto(`/admin/businesses/${second.businessId}`);
    await page.getByRole('button', { name: 'Reject…' }).click();
    const dialog = page.getByRole('dialog', { name: /Reject Newer Textiles Ltd/ });
    await dialog.getByLabel('Reason').fill('The registration certificate is unreadable');
    await expectAccessible(page, 'reject dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await secondPage
      .getByText(/Reason: The registration certificate is unreadable/)
      .first()
      .waitFor();

    // The second admin's queue dropped both without a reload.
    await watcher.getByRole('link', { name: 'Newer Textiles Ltd' }).waitFor({ state: 'detached' });
    await watcher.getByRole('link', { name: 'Oldest Foods Ltd' }).waitFor({ state: 'detached' });
    const stored = await service.db.select().from(businesses).where(eq(businesses.id, second.businessId));
    expect(stored[0]).toMatchObject({
      businessVerified: 'rejected',
      verificationReason: 'The registration certificate is unreadable',
    });
  }, 90_000);

  it('a flagged payment appears in the admin home and the transactions list, with its reason', async () => {
    const [admin, payer] = await Promise.all([
      createUser(service, { role: 'admin', name: 'Money Admin' }),
      createUser(service, { name: 'Short Payer' }),
    ]);
    await service.db
      .update(businesses)
      .set({ companyName: 'Short Payer Ltd' })
      .where(eq(businesses.id, payer.businessId));
    await setExchangeRate(service, 'NG', '1500');
    const link = await service.request({
      url: '/payments/credit-link',
      token: payer.accessToken,
      body: { totalCredit: 100 },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    // The provider reports a payment of one kobo for it: never credited, flagged for review.
    const body = JSON.stringify({
      event: 'charge.success',
      data: {
        id: 991,
        reference: link.body.data.reference,
        amount: 1,
        currency: 'NGN',
        status: 'success',
        paid_at: new Date().toISOString(),
      },
    });
    const secret = (service.deps.payment as unknown as { secret: string }).secret;
    const signature = createHmac('sha512', secret).update(body).digest('hex');
    const hook = await fetch(`${service.url}/api/v1/webhooks/payment-provider`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-payment-provider-signature': signature },
      body,
    });
    expect(hook.status).toBe(200);

    const page = await signedIn(admin, '/admin');
    const panel = page.getByRole('region', { name: 'Flagged transactions' });
    await panel.getByRole('link', { name: /Short Payer Ltd/ }).waitFor();
    await expectAccessible(page, 'admin home');

    await panel.getByRole('link', { name: 'Review them' }).click();
    await page.getByRole('heading', { name: 'Transactions' }).waitFor();
    expect(new URL(page.url()).searchParams.get('flagged')).toBe('true');
    await page
      .getByRole('combobox', { name: 'Flagged' })
      .and(page.locator('[value="Flagged for review"]'))
      .waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Short Payer Ltd' });
    await row.getByText('flagged').waitFor();
    await row.getByRole('button').click();
    const drawer = page.getByRole('dialog', { name: 'Transaction' });
    await drawer.getByText(/Amount mismatch/).waitFor();
    await expectAccessible(page, 'transaction detail');
    await picture(page, 'admin-transactions');
  }, 90_000);

  it("draws the platform's last 30 days on the admin home: the figures, charts and table the API reports", async () => {
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    // Businesses that joined over the last days.
    const joined = await Promise.all(
      [1, 2, 2, 4, 6].map((n, i) => createUser(service, { name: `Joined ${n} days ago ${i}` })),
    );
    await Promise.all(
      joined.map((u, i) =>
        service.db
          .update(businesses)
          .set({ createdAt: daysAgo([1, 2, 2, 4, 6][i]!) })
          .where(eq(businesses.id, u.businessId)),
      ),
    );
    // Credits bought: settled purchases on three days.
    const buyer = joined[0]!;
    for (const [credits, n] of [
      ['250', 0],
      ['1000', 2],
      ['400', 5],
    ] as const) {
      const { transaction } = await service.db.transaction((tx) =>
        postLedgerEntry(tx, {
          businessId: buyer.businessId,
          kind: 'credit_purchase',
          status: 'successful',
          amount: credits,
          currency: 'CREDIT',
          credits,
          balanceDelta: credits,
          description: 'Credits bought',
        }),
      );
      await service.db
        .update(transactions)
        .set({ createdAt: daysAgo(n) })
        .where(eq(transactions.id, transaction.id));
    }
    // A campaign the worker sends through the sandbox, then the gateway's delivery reports for it.
    const sender = await createUser(service, {
      name: 'Busy Sender',
      businessVerified: 'accepted',
      credits: '500',
    });
    await setMessagingCredentials(service, sender.businessId);
    await createContacts(service, sender.businessId, 12);
    const campaign = await service.request({
      url: '/campaigns',
      token: sender.accessToken,
      body: {
        name: 'Weekend sale',
        message: 'Everything is half price this weekend',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const campaignId = campaign.body.data.id as string;
    const ofCampaign = eq(campaignMessages.campaignId, campaignId);
    await vi.waitFor(
      async () => {
        const waiting = await service.db
          .select({ n: sql<number>`count(*)::int` })
          .from(campaignMessages)
          .where(and(ofCampaign, inArray(campaignMessages.status, ['held', 'queued', 'sending'])));
        expect(Number(waiting[0]?.n)).toBe(0);
      },
      { timeout: 30_000, interval: 200 },
    );
    const sent = await service.db
      .select({ id: campaignMessages.providerMessageId })
      .from(campaignMessages)
      .where(and(ofCampaign, eq(campaignMessages.status, 'sent')));
    expect(sent.length).toBe(12);
    const now = Date.now();
    const reports = sent.flatMap(({ id }, i) =>
      i < 9
        ? [
            { externalId: id, eventType: 'DELIVERED', eventTs: now },
            ...(i < 5 ? [{ externalId: id, eventType: 'READ', eventTs: now + 1000 }] : []),
          ]
        : i < 11
          ? [{ externalId: id, eventType: 'FAILED', eventTs: now, cause: 'EXPIRED', errorCode: '410' }]
          : [],
    );
    const posted = await service.request({
      url: '/webhooks/messaging-provider/delivery-reports',
      body: reports,
    });
    expect(posted.status).toBe(200);

    const admin = await createUser(service, { role: 'admin', name: 'Chart Reader' });
    const answer = await service.request({
      url: '/admin/analytics/overview?timeZone=Africa/Lagos',
      token: admin.accessToken,
    });
    expect(answer.status).toBe(200);
    const overview = answer.body.data as {
      days: { day: string; sent: number; newBusinesses: number; creditsSold: number }[];
      totals: { sent: number; delivered: number; read: number; creditsSold: number; newBusinesses: number };
    };
    const t = overview.totals;
    expect(t.sent).toBeGreaterThanOrEqual(12);
    expect(t.creditsSold).toBeGreaterThanOrEqual(1650);
    expect(t.newBusinesses).toBeGreaterThanOrEqual(6);
    const gb = (n: number, digits = 0) =>
      n.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;

    const page = await signedIn(admin, '/admin');
    const totals = page.getByRole('region', { name: 'Platform totals' });
    const figure = (name: string) => totals.getByRole('group', { name });
    await figure('Messages sent').getByText(gb(t.sent), { exact: true }).waitFor();
    await figure('Delivery rate').getByText(pct(t.delivered, t.sent), { exact: true }).waitFor();
    await figure('Read rate').getByText(pct(t.read, t.delivered), { exact: true }).waitFor();
    await figure('Credits sold').getByText(gb(t.creditsSold, 2), { exact: true }).waitFor();
    await figure('New businesses').getByText(gb(t.newBusinesses), { exact: true }).waitFor();
    // The charts drew their series (areas and bars), not just axes.
    const chart = (name: string) => totals.getByRole('figure', { name, exact: true });
    await chart('Messages per day').locator('[data-series="sent"] path').first().waitFor();
    await chart('New businesses per day').locator('rect[data-series="newBusinesses"]').first().waitFor();
    await chart('Credits sold per day').locator('rect[data-series="creditsSold"]').first().waitFor();
    // A screen reader reads each chart as a table: today's credits sold, as the API counted them.
    const today = overview.days.at(-1)!;
    const credits = chart('Credits sold per day').getByRole('table', { name: 'Credits sold per day' });
    expect(await credits.getByRole('row', { name: today.day }).getByRole('cell').allInnerTexts()).toEqual([
      gb(today.creditsSold, 2),
    ]);
    // The last seven days' table says, day by day, what the API counted.
    const table = totals.getByRole('table', { name: 'The last seven days' });
    for (const d of overview.days.slice(-7)) {
      const cells = await table.getByRole('row').filter({ hasText: d.day }).getByRole('cell').allInnerTexts();
      expect(cells).toEqual([
        d.day,
        expect.any(String),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        gb(d.newBusinesses),
        gb(d.creditsSold, 2),
      ]);
      expect(cells[1]).toBe(gb(d.sent));
    }
    await expectAccessible(page, 'admin home with activity');
    await picture(page, 'admin-home');
  }, 120_000);

  it('a superadmin changes the marketing rate; a business composing a campaign sees its price change, and is billed it', async () => {
    const [superadmin, business] = await Promise.all([
      createUser(service, { role: 'superadmin', name: 'Rate Setter' }),
      createUser(service, { name: 'Price Watcher', businessVerified: 'accepted', credits: '100' }),
    ]);
    await setMessagingCredentials(service, business.businessId);
    await createContacts(service, business.businessId, 4);
    const before = await service.request({ url: '/admin/settings', token: superadmin.accessToken });
    expect(before.body.data.marketingRate).toBe(1);

    // The business is writing a marketing campaign to its four contacts, at one credit each.
    const composer = await signedIn(business, '/campaigns/new');
    await composer.getByLabel('Campaign name').fill('Price check');
    const estimate = composer.getByTestId('estimate');
    await estimate.getByText(/^4 recipients · 4\.00 credits/).waitFor();

    const page = await signedIn(superadmin, '/admin/settings');
    await page.getByRole('heading', { name: 'Platform settings' }).waitFor();
    const sample = page.getByTestId('sample-marketingRate');
    // The prices gain their naira value once the exchange rates have loaded: read them after that.
    await sample.locator('td').nth(1).filter({ hasText: 'NGN' }).waitFor();
    const sampleBefore = await sample.locator('td').nth(2).innerText();
    await page.getByLabel('Marketing message').fill('2.5');
    await sample.locator('td').nth(2).filter({ hasText: '2,500.00' }).waitFor();
    expect(await sample.locator('td').nth(1).innerText()).toBe(sampleBefore);
    await expectAccessible(page, 'platform settings');
    await picture(page, 'admin-settings');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    const settings = await service.request({ url: '/admin/settings', token: superadmin.accessToken });
    expect(settings.body.data.marketingRate).toBe(2.5);

    // The business comes back to its tab: the price is asked again, what it types is still there.
    await composer.evaluate("document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))");
    await estimate.getByText(/^4 recipients · 10\.00 credits/).waitFor();
    expect(await composer.getByLabel('Campaign name').inputValue()).toBe('Price check');

    // And publishing bills the new rate.
    const published = await service.request({
      url: '/campaigns',
      token: business.accessToken,
      body: {
        name: 'Price check',
        message: 'New prices today',
        messageType: 'marketing',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const charged = await service.db
      .select()
      .from(transactions)
      .where(
        and(eq(transactions.businessId, business.businessId), eq(transactions.kind, 'campaign_credit_debit')),
      );
    expect(charged.map((c) => Math.abs(Number(c.credits)))).toEqual([10]);
  }, 120_000);

  it('every other admin screen passes the accessibility scan and draws at 1280 and 375 px', async () => {
    const superadmin = await createUser(service, { role: 'superadmin', name: 'Screen Walker' });
    const business = await createUser(service, { name: 'Ticket Writer' });
    await setExchangeRate(service, 'GH', '15', 'GHS');
    const created = await service.request({
      url: '/tickets',
      token: business.accessToken,
      body: {
        issueType: 'campaignDelivery',
        question: 'My campaign to the Lagos tag shows no deliveries yet.',
      },
    });
    expect(created.status).toBe(201);
    const page = await signedIn(superadmin, '/admin/accounts');

    await page.getByRole('heading', { name: 'Accounts' }).waitFor();
    await page.getByLabel('Search').fill('Ticket Writer');
    await page.getByRole('button', { name: 'Ticket Writer' }).click();
    await page.getByRole('button', { name: 'Change…' }).waitFor();
    await page.getByRole('combobox', { name: 'Change role' }).click();
    await page.getByRole('option', { name: 'admin' }).click();
    await page.getByRole('button', { name: 'Change…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change the role?' });
    await confirm
      .getByText(/Ticket Writer/)
      .first()
      .waitFor();
    await expectAccessible(page, 'role change');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    // Scanned once the dialog has gone: during its fade the page is half-covered.
    await confirm.waitFor({ state: 'detached' });
    await expectAccessible(page, 'accounts');
    await picture(page, 'admin-accounts');

    await page.goto('/admin/plans');
    await page.getByRole('button', { name: 'New plan' }).click();
    const planForm = page.getByRole('dialog', { name: 'New plan' });
    await planForm.getByLabel('Name').fill('Growth');
    await planForm.getByLabel('Price (USD)').fill('40');
    await planForm.getByRole('button', { name: 'Create plan' }).click();
    const plan = page.getByRole('article', { name: 'Growth' });
    await plan.getByText(/GHS\s*600/).waitFor();
    await expectAccessible(page, 'plans');
    await picture(page, 'admin-plans');
    await plan.getByRole('button', { name: 'Deactivate Growth' }).click();
    await plan.getByText('inactive').waitFor();

    await page.goto('/admin/exchange-rates');
    await page.getByRole('button', { name: 'Add a rate' }).click();
    const rateForm = page.getByRole('dialog', { name: 'Add an exchange rate' });
    await rateForm.getByRole('combobox', { name: 'Country' }).fill('Kenya');
    await page.getByRole('option', { name: /Kenya \(KE\)/ }).click();
    await rateForm.getByLabel('Currency').fill('kes');
    await rateForm.getByLabel('Units per US dollar').fill('129.5');
    await expectAccessible(page, 'exchange rate form');
    await rateForm.getByRole('button', { name: 'Save rate' }).click();
    await page.getByRole('row').filter({ hasText: 'Kenya (KE)' }).getByText('KES').waitFor();
    // The dialog fades out after saving; scanned mid-fade its title reads as low contrast.
    await rateForm.waitFor({ state: 'hidden' });
    await expectAccessible(page, 'exchange rates');
    await picture(page, 'admin-exchange-rates');

    await page.goto('/admin/tickets');
    await page.getByRole('heading', { name: 'Support tickets' }).waitFor();
    await expectAccessible(page, 'tickets');
    await picture(page, 'admin-tickets');
    await page.getByRole('link', { name: /Lagos tag/ }).click();
    await page.getByLabel('Reply').fill('We are looking at it now.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('We are looking at it now.').waitFor();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'open' }).click();
    await page.getByText(/Ticket open/).waitFor();
    const [stored] = await service.db
      .select()
      .from(tickets)
      .where(eq(tickets.businessId, business.businessId));
    expect(stored?.status).toBe('open');
    await expectAccessible(page, 'ticket thread');
    await picture(page, 'admin-ticket-thread');
  }, 90_000);
});
