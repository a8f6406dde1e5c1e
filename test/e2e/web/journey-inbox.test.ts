import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContacts, createUser, setMessagingCredentials } from '../../factories.js';
import {
  E2E_TIMEOUT,
  expectAccessible,
  hasChromium,
  launchBrowser,
  newSession,
  screenshot,
  signIn,
} from './browser.js';
import { type ConsoleService, startConsoleService } from './service.js';

/** A PNG of a blue gradient (a photo stand-in that shows in the screenshots). */
function swatch(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([40 + y, 90 + x / 2, 200], y * (width * 3 + 1) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// A contact answers a campaign: the Inbox badge and list update live, the business opens the thread and
// replies, and the reply's delivered and read ticks arrive from the sandbox gateway's reports.
describe.skipIf(!hasChromium)('journey: the inbox', () => {
  let service: ConsoleService;
  let browser: Browser;
  // Where the contact's photo link points: it answers only once released (the worker is fetching it).
  const files = { url: '', release: () => {}, server: undefined as Server | undefined };

  beforeAll(async () => {
    const receipts = {
      SANDBOX_RECEIPTS: 'true',
      SANDBOX_DELIVERED_DELAY_MS: '300',
      SANDBOX_READ_DELAY_MS: '300',
      SANDBOX_FAILED_SHARE: '0',
      SANDBOX_READ_SHARE: '1',
    };
    const held = new Promise<void>((resolve) => {
      files.release = resolve;
    });
    files.server = createServer((req, res) => {
      if (req.url !== '/dress.png') return res.writeHead(404).end();
      void held.then(() => res.writeHead(200, { 'content-type': 'image/png' }).end(swatch(120, 80)));
    });
    await new Promise<void>((resolve) => files.server!.listen(0, '127.0.0.1', resolve));
    files.url = `http://127.0.0.1:${(files.server.address() as AddressInfo).port}`;
    // The file server is on loopback: allowed by name, as an operator allows its gateway's media host.
    const env = { ...receipts, MEDIA_ALLOWED_HOSTS: '127.0.0.1' };
    [service, browser] = await Promise.all([startConsoleService({ env }), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    files.server?.closeAllConnections();
    await new Promise((resolve) => files.server?.close(resolve));
  });

  it(
    'sees a reply to a campaign arrive live, answers it and watches it delivered and read',
    async () => {
      const user = await createUser(service, {
        name: 'Dayo Bello',
        businessVerified: 'accepted',
        credits: '100',
      });
      const wabaNumber = '2349011112222';
      await setMessagingCredentials(service, user.businessId, { wabaNumber });
      const [contact] = await createContacts(service, user.businessId, 1, { firstName: 'Amaka' });
      const mobile = contact!.phoneNumber.replace(/\D/g, '');
      const publish = await service.request({
        url: '/campaigns',
        token: user.accessToken,
        body: {
          name: 'Weekend sale',
          message: 'Hi {{firstName}}, everything is 20% off this weekend!',
          sendToAllContact: true,
          isScheduled: false,
          paymentMethod: 'credit',
        },
      });
      expect(publish.status).toBe(201);

      const { page } = await newSession(browser, service.url);
      await signIn(page, user, '/inbox');
      await page.getByRole('heading', { name: 'Inbox' }).waitFor();
      await page.getByText('No conversations yet.').waitFor();
      const room = `business:${user.businessId}`;
      await expect
        .poll(async () => (await service.gateway.io.in(room).fetchSockets()).length, { timeout: 15_000 })
        .toBeGreaterThan(0);

      // The contact answers the campaign.
      const inbound = await service.request({
        url: '/webhooks/messaging-provider',
        body: {
          waNumber: wabaNumber,
          mobile,
          name: 'Amaka',
          type: 'text',
          text: 'Is the blue dress in size 12?',
          timestamp: String(Math.floor(Date.now() / 1000)),
        },
      });
      expect(inbound.status).toBe(200);
      await expect.poll(() => page.getByTestId('inbox-unread').innerText()).toBe('1');
      // On a phone the menu is closed: the count stays in sight in the header, a link to the inbox.
      await page.setViewportSize({ width: 375, height: 812 });
      const headerCount = page.getByRole('link', { name: 'Inbox, 1 unread' });
      await headerCount.waitFor();
      await expect.poll(() => headerCount.innerText()).toBe('1');
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(() => headerCount.isVisible()).toBe(false);
      const row = page.getByTestId('conversation-row').first();
      await expect.poll(() => row.innerText()).toContain('Is the blue dress in size 12?');
      await expectAccessible(page, 'inbox');
      await screenshot(page, 'inbox');

      await row.click();
      await page.getByRole('log', { name: 'Messages' }).getByText('Is the blue dress in size 12?').waitFor();
      await page.getByText('everything is 20% off', { exact: false }).waitFor();
      await page
        .getByTestId('window')
        .getByText(/Reply window: \d+ h/)
        .waitFor();
      // Opening it marks it read: the badge goes.
      await expect.poll(() => page.getByTestId('inbox-unread').count()).toBe(0);

      await page.getByLabel('Reply').fill('Yes! We have two left. Shall I hold one for you?');
      await page.getByRole('button', { name: 'Send' }).click();
      const reply = page.getByTestId('message-out').filter({ hasText: 'Shall I hold one' });
      await reply.waitFor();
      await expect.poll(() => reply.getAttribute('data-status'), { timeout: 20_000 }).toBe('read');
      await reply.getByTestId('ticks').getByText('Read').waitFor();

      // A photo with a caption: uploaded straight to storage, then sent as the reply's medium.
      await page.locator('input[type="file"]').setInputFiles({
        name: 'blue-dress.png',
        mimeType: 'image/png',
        buffer: swatch(160, 100),
      });
      await page.getByText('blue-dress.png').waitFor();
      await page.getByLabel('Caption').fill('This is the one');
      await page.getByRole('button', { name: 'Send' }).click();
      const photo = page.getByTestId('message-out').filter({ hasText: 'This is the one' });
      await photo.getByRole('img', { name: 'This is the one' }).waitFor();
      await expect.poll(() => photo.getAttribute('data-status'), { timeout: 20_000 }).toBe('read');
      await expectAccessible(page, 'inbox thread');
      await screenshot(page, 'inbox-thread');

      // The contact sends a photo: the message shows at once, its photo once the worker has fetched it.
      const sendPhoto = (path: string, caption: string) =>
        service.request({
          url: '/webhooks/messaging-provider',
          body: {
            waNumber: wabaNumber,
            mobile,
            type: 'image',
            text: null,
            caption,
            mediaUrl: `${files.url}${path}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
          },
        });
      expect((await sendPhoto('/dress.png', 'Like this one?')).status).toBe(200);
      const incoming = page.getByTestId('message-in').filter({ hasText: 'Like this one?' });
      await incoming.getByTestId('media-pending').getByText('Fetching the image…').waitFor();
      files.release();
      await incoming.getByRole('img', { name: 'Like this one?' }).waitFor();
      await expect.poll(() => incoming.getByTestId('media-pending').count()).toBe(0);
      // A link that leads nowhere: the thread says the photo could not be kept, and why.
      expect((await sendPhoto('/gone.png', 'And this?')).status).toBe(200);
      await page
        .getByTestId('message-in')
        .filter({ hasText: 'And this?' })
        .getByTestId('media-failed')
        .getByText(/could not be kept: .*404/)
        // The worker's media job under a whole suite's load: a limit, not a measurement.
        .waitFor({ timeout: 45_000 });
    },
    E2E_TIMEOUT,
  );
});
