import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMessages } from '../../../src/platform/db/schema/index.js';
import { createContacts, createUser, setMessagingCredentials, uniquePhone } from '../../factories.js';
import { cloudWebhookBody, signedHeaders } from '../../simulators/graph-api.js';
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

/** The input labelled exactly so (a required one's label ends with an asterisk). */
function field(page: Page, label: string) {
  const exact = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${exact}( \\*)?$`));
}

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
    // The built-in Cloud sandbox posts its statuses to the service's own webhook: on this port.
    const envFor = (url: string) => ({ PORT: new URL(url).port });
    [service, browser] = await Promise.all([startConsoleService({ env, envFor }), launchBrowser()]);
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

  it(
    'sends a list from the composer; the contact picks a row and the choice leads back to the list',
    async () => {
      const user = await createUser(service, {
        name: 'Funmi Ola',
        businessVerified: 'accepted',
        credits: '100',
      });
      // Connected through the Cloud API (the built-in sandbox answers): choices come back with `context.id`.
      const phoneNumberId = `30${Date.now() % 1_000_000_000}`;
      const connect = await service.request({
        url: '/business/provider',
        token: user.accessToken,
        body: {
          provider: 'whatsapp-cloud',
          wabaNumber: uniquePhone(),
          wabaProviderId: `20${Date.now() % 1_000_000_000}`,
          providerHSMID: phoneNumberId,
          providerHSMPassword: 'EAAG-sandbox-token',
        },
      });
      expect(connect.status, connect.text).toBe(200);
      const from = uniquePhone().replace(/\D/g, '');
      let seq = 0;
      const write = async (message: Record<string, unknown>) => {
        const body = cloudWebhookBody('waba', 'messages', {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: '15550001234', phone_number_id: phoneNumberId },
          contacts: [{ wa_id: from, profile: { name: 'Tola Ade' } }],
          messages: [
            {
              from,
              id: `wamid.list.${Date.now()}.${++seq}`,
              timestamp: String(Math.floor(Date.now() / 1000)),
              ...message,
            },
          ],
        });
        const res = await fetch(`${service.url}/api/v1/webhooks/whatsapp-cloud`, {
          method: 'POST',
          headers: signedHeaders(service.deps.cloudWebhook.appSecret!, body),
          body,
        });
        expect(res.status).toBe(200);
      };
      await write({ type: 'text', text: { body: 'Which fabrics do you have?' } });

      const { page } = await newSession(browser, service.url);
      await signIn(page, user, '/inbox');
      await page.getByTestId('conversation-row').first().click();
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByText('Which fabrics do you have?').waitFor();

      // The list, built with the automation editor's inputs and previewed on a phone as it is typed.
      await page.getByRole('radiogroup', { name: 'Send as' }).getByText('List', { exact: true }).click();
      await field(page, 'Message').fill('Our fabrics this week:');
      await field(page, 'List button label').fill('See fabrics');
      await field(page, 'Row 1 title').fill('Ankara');
      await field(page, 'Row 1 description').fill('8,000 a yard');
      await field(page, 'Row 1 id').fill('ankara');
      await page.getByRole('button', { name: 'Add a row' }).click();
      await field(page, 'Row 2 title').fill('Lace from Switzerland, 5 yards');
      await field(page, 'Row 2 id').fill('ankara');
      const sheet = page.getByTestId('list-preview');
      await sheet.getByText('8,000 a yard').waitFor();
      // Past WhatsApp's 24 characters: said under the title before anything is sent.
      await page.getByRole('button', { name: 'Send list' }).click();
      await page.getByText('At most 24 characters').waitFor();
      await field(page, 'Row 2 title').fill('Lace');
      // What only the API checks (row ids unique) comes back under the input it names.
      await page.getByRole('button', { name: 'Send list' }).click();
      const rowId = await field(page, 'Row 2 id').getAttribute('id');
      await page.locator(`[id="${rowId}-error"]`).getByText('Row ids must be unique').waitFor();
      await field(page, 'Row 2 id').fill('lace');
      await sheet.getByText('Lace').waitFor();
      await expectAccessible(page, 'inbox list composer');
      await screenshot(page, 'inbox-list-composer');
      // By keyboard: the send button is reached and pressed without the mouse.
      await page.getByRole('button', { name: 'Send list' }).focus();
      await page.keyboard.press('Enter');
      const list = log.getByTestId('message-out').filter({ hasText: 'Our fabrics this week:' });
      await list.getByTestId('interactive-options').getByText('Lace').waitFor();
      await expect.poll(() => field(page, 'Message').inputValue(), { timeout: 15_000 }).toBe('');

      // Sent: the contact picks "Lace", and WhatsApp's reply names the list by its id (`context.id`).
      const sentId = async () => {
        const [row] = await service.db
          .select({ pid: conversationMessages.providerMessageId })
          .from(conversationMessages)
          .where(
            and(
              eq(conversationMessages.businessId, user.businessId),
              eq(conversationMessages.type, 'interactive'),
            ),
          );
        return row?.pid ?? null;
      };
      await expect.poll(sentId, { timeout: 20_000 }).not.toBeNull();
      const wamid = (await sentId())!.split(':').pop()!;
      await write({
        type: 'interactive',
        interactive: { type: 'list_reply', list_reply: { id: 'lace', title: 'Lace' } },
        context: { from: '15550001234', id: wamid },
      });
      const choice = log.getByTestId('message-in').filter({ has: page.getByText('Chose: Lace') });
      await choice.getByText('Option id: lace').waitFor();
      // Its link leads to the list: scrolled to, focused and marked.
      await choice.getByTestId('in-reply-to').getByText('In reply to "Our fabrics this week:"').click();
      await expect.poll(() => list.getAttribute('data-highlighted')).toBe('true');
      expect(await page.evaluate('document.activeElement?.id')).toBe(await list.getAttribute('id'));
      await expectAccessible(page, 'inbox thread with a choice');
      await screenshot(page, 'inbox-choice');
    },
    E2E_TIMEOUT,
  );
});
