import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContacts, createUser, setMessagingCredentials } from '../../factories.js';
import { cloudWebhookBody, GraphApiSimulator, signedHeaders } from '../../simulators/graph-api.js';
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

/** The error Mantine shows under an input (its element is named after the input's id). */
async function errorOf(page: Page, label: string): Promise<string> {
  const id = await field(page, label).getAttribute('id');
  const error = page.locator(`[id="${id}-error"]`);
  await error.waitFor();
  return error.innerText();
}

// A business connects its number through the WhatsApp Cloud API (the built-in sandbox answers), writes a
// template and watches WhatsApp approve it live, then sends a campaign built from it with each variable
// mapped to a contact's field or fixed text. A gateway business declares the texts its provider approved.
describe.skipIf(!hasChromium)('journey: templates', () => {
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    [service, browser] = await Promise.all([
      startConsoleService({
        // The Cloud sandbox posts its approvals and statuses to the service's own webhook: on this port.
        envFor: (url) => ({
          PORT: new URL(url).port,
          SANDBOX_RECEIPTS: 'true',
          SANDBOX_DELIVERED_DELAY_MS: '300',
        }),
      }),
      launchBrowser(),
    ]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it(
    'connects through the Cloud API, gets a template approved live and sends a campaign from it',
    async () => {
      const user = await createUser(service, {
        name: 'Ngozi Eze',
        businessVerified: 'accepted',
        credits: '500',
      });
      await createContacts(service, user.businessId, 1, { firstName: 'Ada', lastName: 'Obi' });
      await createContacts(service, user.businessId, 1, { firstName: 'Chidi', lastName: 'Okeke' });
      const { context, page } = await newSession(browser, service.url);

      // Provider settings: the Cloud API's own fields, each checked where it is typed.
      await signIn(page, user, '/settings?tab=provider');
      await page.getByRole('radio', { name: 'WhatsApp Cloud API' }).waitFor();
      expect(await page.getByRole('radio', { name: 'WhatsApp Cloud API' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Check connection' }).click();
      expect(await errorOf(page, 'Phone number')).toBe('Enter the phone number');
      expect(await errorOf(page, 'Access token')).toBe('Enter the access token');
      await field(page, 'Phone number').fill('+234 809 555 0101');
      await field(page, 'WhatsApp Business Account ID').fill('102290129340398');
      await field(page, 'Phone number ID').fill('phone-1');
      await field(page, 'Access token').fill('EAAGsandboxtoken');
      await page.getByRole('button', { name: 'Check connection' }).click();
      expect(await errorOf(page, 'Phone number ID')).toBe('The phone number ID is digits only');
      await field(page, 'Phone number ID').fill('106540352242922');
      await page.getByRole('button', { name: 'Check connection' }).click();
      await page
        .getByTestId('connection-result')
        .getByText(
          /WhatsApp knows this number as Sandbox business \(\+1 555-010-0000\), quality rating green/,
        )
        .waitFor();
      await page.getByRole('button', { name: 'Save provider' }).click();
      await page.getByText('Messaging provider saved').waitFor();
      await page.getByTestId('provider-current').getByText('the WhatsApp Cloud API').waitFor();
      await expectAccessible(page, 'provider settings');
      await screenshot(page, 'settings-provider');
      // A gateway asks for its own fields.
      await page.getByRole('radio', { name: 'Messaging gateway' }).check();
      await field(page, 'Gateway name').waitFor();
      await field(page, 'Account password').waitFor();
      expect(await field(page, 'Phone number ID').count()).toBe(0);
      await page.getByRole('radio', { name: 'WhatsApp Cloud API' }).check();

      // Templates: none yet; a new one is checked as WhatsApp would, and previewed with its examples.
      await page.getByRole('link', { name: 'Templates' }).first().click();
      await page.getByRole('heading', { name: 'Templates' }).waitFor();
      await page.getByText('No templates yet.').waitFor();
      await page.getByRole('link', { name: 'New template' }).click();
      await page.getByRole('heading', { name: 'New template' }).waitFor();
      await field(page, 'Name').fill('Order Ready');
      expect(await field(page, 'Name').inputValue()).toBe('order_ready');
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Utility' }).click();
      await field(page, 'Message').fill('Hello {{1}}, your order {{3}} is ready for pickup.');
      await page.getByRole('button', { name: 'Submit for review' }).click();
      expect(await errorOf(page, 'Message')).toContain('{{2}} is missing');
      await field(page, 'Message').fill('Hello {{1}}, your order {{2}} is ready for pickup.');
      await page.getByRole('button', { name: 'Submit for review' }).click();
      expect(await errorOf(page, 'Example for {{1}}')).toBe('Give an example for {{1}}');
      expect(await errorOf(page, 'Example for {{2}}')).toBe('Give an example for {{2}}');
      await field(page, 'Example for {{1}}').fill('Ada');
      await field(page, 'Example for {{2}}').fill('A-1042');
      await field(page, 'Footer (optional)').fill('Reply STOP to opt out');
      await page.getByRole('button', { name: 'Add a button' }).click();
      await field(page, 'Button 1 text').fill('Thank you');
      const preview = page.getByRole('img', { name: 'Preview of the message on a phone' });
      await preview.getByText('Hello Ada, your order A-1042 is ready for pickup.').waitFor();
      await preview.getByText('Reply STOP to opt out').waitFor();
      await preview.getByText('Thank you').waitFor();
      await expectAccessible(page, 'new template');
      await screenshot(page, 'template-new');
      await page.getByRole('button', { name: 'Submit for review' }).click();

      // WhatsApp reviews it: "In review", then "Approved" when its decision arrives, without a reload.
      await page.getByRole('heading', { name: 'Templates' }).waitFor();
      const badge = page.getByTestId('status-order_ready');
      await expect.poll(() => badge.textContent(), { timeout: 10_000 }).toBe('In review');
      await expect.poll(() => badge.textContent(), { timeout: 30_000 }).toBe('Approved');
      await page.getByRole('button', { name: 'Sync from WhatsApp' }).click();
      await page.getByText('Templates synced').waitFor();
      await page.getByText(/1 read from WhatsApp/).waitFor();
      await expectAccessible(page, 'templates');
      await screenshot(page, 'templates');
      // The filters: nothing rejected, the approved one under Approved.
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Rejected' }).click();
      await page.getByText('No template matches these filters.').waitFor();
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Approved' }).click();
      await badge.waitFor();

      // The composer: the approved template, each variable mapped, previewed per contact.
      await page.getByRole('link', { name: 'Use order_ready in a campaign' }).click();
      await page.getByRole('heading', { name: 'New campaign' }).waitFor();
      await page.getByLabel('Campaign name').fill('Pickup day');
      await page.getByTestId('template-body').getByText('Hello {{1}}, your order {{2}} is ready').waitFor();
      expect(await page.locator('#campaign-message').count()).toBe(0);
      expect(await page.getByRole('combobox', { name: '{{1}} is' }).inputValue()).toBe(
        "Contact's first name",
      );
      await page.getByRole('button', { name: 'Send now' }).click();
      expect(await errorOf(page, 'Text for {{2}}')).toBe('Write the text for {{2}}');
      await field(page, 'Text for {{2}}').fill('A-1042');
      const previewFor = (name: string) =>
        page.getByRole('img', { name: `Preview of the message ${name} receives` });
      await page.getByRole('combobox', { name: 'Preview for' }).click();
      await page.getByRole('option', { name: /^Ada Obi/ }).click();
      await previewFor('Ada Obi').getByText('Hello Ada, your order A-1042 is ready for pickup.').waitFor();
      await page.getByRole('combobox', { name: 'Preview for' }).click();
      await page.getByRole('option', { name: /^Chidi Okeke/ }).click();
      await previewFor('Chidi Okeke')
        .getByText('Hello Chidi, your order A-1042 is ready for pickup.')
        .waitFor();
      await expectAccessible(page, 'composer with a template');
      await screenshot(page, 'composer-template');
      await page.getByRole('button', { name: 'Send now' }).click();
      await page.getByRole('heading', { name: 'Pickup day' }).waitFor();
      await page.getByText('2 of 2 processed').waitFor({ timeout: 60_000 });
      const sent = await service.request({ url: '/campaigns', token: user.accessToken });
      expect(sent.body.data.items[0]).toMatchObject({
        templateParameters: { body: [{ field: 'firstName' }, { text: 'A-1042' }] },
      });

      // Deleting asks first, and says it is deleted from WhatsApp too.
      await page.goto('/templates');
      await page.getByRole('button', { name: 'Delete order_ready' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete the template?' });
      await dialog.getByText(/deleted from WhatsApp too/).waitFor();
      await expectAccessible(page, 'delete template');
      await dialog.getByRole('button', { name: 'Delete order_ready' }).click();
      await page.getByText('No templates yet.').waitFor();
      await context.close();
    },
    E2E_TIMEOUT,
  );

  it(
    'keeps the texts a gateway approved, ready at once, and still allows free text',
    async () => {
      const user = await createUser(service, {
        name: 'Tunde Ade',
        businessVerified: 'accepted',
        credits: '50',
      });
      await setMessagingCredentials(service, user.businessId);
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user, '/templates/new');
      await page.getByText('Enter the text exactly as your provider approved it.').waitFor();
      await field(page, 'Name').fill('welcome');
      await page.getByRole('combobox', { name: 'Header type' }).click();
      await page.getByRole('option', { name: 'Text' }).click();
      await field(page, 'Header text').fill('Welcome aboard');
      await field(page, 'Message').fill('Thanks for joining us. Reply STOP to opt out.');
      await page.getByRole('button', { name: 'Add a button' }).click();
      await page.getByRole('combobox', { name: 'Button 1 action' }).click();
      await page.getByRole('option', { name: 'Open a link' }).click();
      await field(page, 'Button 1 text').fill('See the menu');
      await field(page, 'Button 1 link').fill('not a link');
      await page.getByRole('button', { name: 'Save template' }).click();
      expect(await errorOf(page, 'Button 1 link')).toBe('Enter the link the button opens (https://…)');
      await field(page, 'Button 1 link').fill('https://example.com/menu');
      await page.getByRole('button', { name: 'Save template' }).click();
      await page.getByRole('heading', { name: 'Templates' }).waitFor();
      await expect
        .poll(() => page.getByTestId('status-welcome').textContent(), { timeout: 10_000 })
        .toBe('Approved');
      expect(await page.getByRole('button', { name: 'Sync from WhatsApp' }).count()).toBe(0);

      // The same name and language again: the service's refusal sits next to the name.
      await page.getByRole('link', { name: 'New template' }).click();
      await field(page, 'Name').fill('welcome');
      await field(page, 'Message').fill('Hello again');
      await page.getByRole('button', { name: 'Save template' }).click();
      expect(await errorOf(page, 'Name')).toMatch(/already/i);

      // In the composer the template is a choice, not a must: free text stays.
      await page.goto('/campaigns/new');
      await page.getByRole('combobox', { name: 'Template' }).waitFor();
      await page.locator('#campaign-message').waitFor();
      await page.getByRole('combobox', { name: 'Template' }).click();
      await page.getByRole('option', { name: /^welcome/ }).click();
      await page.getByTestId('template-body').getByText('Thanks for joining us.', { exact: false }).waitFor();
      const preview = page.getByRole('img', { name: /^Preview of the message/ });
      await preview.getByText('Welcome aboard').waitFor();
      await preview.getByText('See the menu').waitFor();

      // A template with an image header asks for the campaign's image, said under its link when missing.
      const created = await service.request({
        method: 'POST',
        url: '/templates',
        token: user.accessToken,
        body: {
          name: 'menu_photo',
          language: 'en_US',
          category: 'MARKETING',
          components: [
            {
              type: 'HEADER',
              format: 'IMAGE',
              example: { header_handle: ['https://example.com/sample.jpg'] },
            },
            { type: 'BODY', text: "Today's menu, {{1}}.", example: { body_text: [['Ada']] } },
          ],
        },
      });
      expect(created.status).toBe(201);
      await page.goto('/campaigns/new');
      await page.getByLabel('Campaign name').fill('Menu of the day');
      await page.getByRole('combobox', { name: 'Template' }).click();
      await page.getByRole('option', { name: /^menu_photo/ }).click();
      await page.getByRole('button', { name: 'Save draft' }).click();
      expect(await errorOf(page, 'Header image link')).toBe(
        "Enter the link of the header's image (https://…)",
      );
      await field(page, 'Header image link').fill('https://example.com/menu.jpg');
      await preview.getByText('Image: https://example.com/menu.jpg').waitFor();
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.getByRole('heading', { name: 'Menu of the day' }).waitFor();
      const drafts = await service.request({ url: '/campaigns', token: user.accessToken });
      expect(drafts.body.data.items[0]).toMatchObject({
        status: 'draft',
        templateParameters: {
          body: [{ field: 'firstName' }],
          headerMediaUrl: 'https://example.com/menu.jpg',
        },
      });
      await context.close();
    },
    E2E_TIMEOUT,
  );
});

// Against the Graph API itself (its loopback simulator): what WhatsApp refuses is said where it belongs.
describe.skipIf(!hasChromium)('journey: templates, as WhatsApp answers', () => {
  const SECRET = 'journey-app-secret';
  let graph: GraphApiSimulator;
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    graph = await new GraphApiSimulator().start();
    [service, browser] = await Promise.all([
      startConsoleService({
        env: {
          WHATSAPP_CLOUD_BASE_URL: graph.url,
          WHATSAPP_CLOUD_APP_SECRET: SECRET,
          WHATSAPP_CLOUD_VERIFY_TOKEN: 'journey-verify',
        },
      }),
      launchBrowser(),
    ]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
    await graph?.stop();
  });

  it(
    "shows a refused token under its field, brings in the manager's templates and a rejection live",
    async () => {
      const account = graph.addAccount({
        token: 'EAAG-kola-token',
        wabaId: '2002002',
        phoneNumberId: '3003003',
        displayPhoneNumber: '+234 809 555 0202',
        verifiedName: 'Kola Foods',
      });
      // Made in WhatsApp Manager, not here: a sync brings it in.
      graph.addTemplate({
        wabaId: account.wabaId,
        name: 'spring_sale',
        language: 'en_US',
        category: 'MARKETING',
        status: 'APPROVED',
        components: [
          { type: 'BODY', text: 'Spring sale: 20% off for {{1}}', example: { body_text: [['Ada']] } },
        ],
      });
      const user = await createUser(service, { name: 'Kola Ade', businessVerified: 'accepted' });
      const { context, page } = await newSession(browser, service.url);
      await signIn(page, user, '/settings?tab=provider');
      await field(page, 'Phone number').fill('+234 809 555 0202');
      await field(page, 'WhatsApp Business Account ID').fill(account.wabaId);
      await field(page, 'Phone number ID').fill(account.phoneNumberId);
      await field(page, 'Access token').fill('EAAG-expired-token');
      await page.getByRole('button', { name: 'Check connection' }).click();
      expect(await errorOf(page, 'Access token')).toMatch(
        /refused the connection: Invalid OAuth access token/,
      );
      await expectAccessible(page, 'provider settings, token refused');
      await field(page, 'Access token').fill(account.token);
      await page.getByRole('button', { name: 'Save provider' }).click();
      await page.getByText('Messaging provider saved').waitFor();

      await page.goto('/templates');
      await page.getByText('No templates yet.').waitFor();
      await page.getByRole('button', { name: 'Sync from WhatsApp' }).click();
      await page.getByText(/1 read from WhatsApp: 1 new, 0 updated/).waitFor();
      await expect
        .poll(() => page.getByTestId('status-spring_sale').textContent(), { timeout: 10_000 })
        .toBe('Approved');

      await page.getByRole('link', { name: 'New template' }).click();
      await field(page, 'Name').fill('late_offer');
      await field(page, 'Message').fill('Last chance for {{1}}: the offer ends tonight.');
      await field(page, 'Example for {{1}}').fill('Ada');
      await page.getByRole('button', { name: 'Submit for review' }).click();
      await expect
        .poll(() => page.getByTestId('status-late_offer').textContent(), { timeout: 10_000 })
        .toBe('In review');

      // WhatsApp rejects it: the badge and the reason change in the open page.
      const submitted = [...graph.templates.values()].find((t) => t.name === 'late_offer');
      expect(submitted).toBeDefined();
      const body = cloudWebhookBody(account.wabaId, 'message_template_status_update', {
        event: 'REJECTED',
        message_template_id: Number(submitted!.id),
        message_template_name: 'late_offer',
        message_template_language: 'en_US',
        reason: 'INVALID_FORMAT',
      });
      const answer = await fetch(`${service.url}/api/v1/webhooks/whatsapp-cloud`, {
        method: 'POST',
        headers: signedHeaders(SECRET, body),
        body,
      });
      expect(answer.status).toBe(200);
      // Sooner than the list's ten-second poll: the real-time event did it.
      await expect
        .poll(() => page.getByTestId('status-late_offer').textContent(), { timeout: 5_000 })
        .toBe('Rejected');
      expect(await page.getByTestId('reason-late_offer').textContent()).toBe('Invalid format');
      await expectAccessible(page, 'templates after review');
      await screenshot(page, 'templates-reviewed');
      await context.close();
    },
    E2E_TIMEOUT,
  );
});
