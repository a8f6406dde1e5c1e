import type { Browser, Page } from 'playwright-core';
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

/** The input labelled exactly so (a required one's label ends with an asterisk). */
function field(page: Page, label: string) {
  const exact = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${exact}( \\*)?$`));
}

// A business builds a welcome menu in the editor; a new contact gets it with its buttons, a tap leads to the
// next rule, a message at night gets the away message, and a member's answer stops automation there.
describe.skipIf(!hasChromium)('journey: automation', () => {
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
    'welcomes a new contact with buttons, follows a tap, answers at night and stops once a member answers',
    async () => {
      const user = await createUser(service, {
        name: 'Kemi Ade',
        businessVerified: 'accepted',
        credits: '100',
      });
      const wabaNumber = '2349011113333';
      await setMessagingCredentials(service, user.businessId, { wabaNumber });
      const [contact] = await createContacts(service, user.businessId, 1, { firstName: 'Bisi' });
      const mobile = contact!.phoneNumber.replace(/\D/g, '');
      const write = async (message: Record<string, unknown>) => {
        const res = await service.request({
          url: '/webhooks/messaging-provider',
          body: {
            waNumber: wabaNumber,
            mobile,
            name: 'Bisi',
            timestamp: String(Math.floor(Date.now() / 1000)),
            ...message,
          },
        });
        expect(res.status).toBe(200);
      };

      const { page } = await newSession(browser, service.url);
      await signIn(page, user, '/');
      await page.getByRole('link', { name: 'Automation' }).first().click();
      await page.getByRole('heading', { name: 'Automation', level: 1 }).waitFor();
      await page.getByText('No rule yet', { exact: false }).waitFor();

      // The welcome menu, built in the editor with the phone beside it.
      await page.getByRole('link', { name: 'New rule' }).click();
      await page.getByRole('heading', { name: 'New rule' }).waitFor();
      await field(page, 'Name').fill('Welcome');
      await page.getByRole('combobox', { name: 'Trigger' }).click();
      await page.getByRole('option', { name: /Welcome/ }).click();
      await page.getByText('Buttons', { exact: true }).click();
      await field(page, 'Message').fill('Welcome to Kemi Fabrics! What do you need?');
      await field(page, 'Footer').fill('Tap a button');
      const buttons = [
        ['Prices', 'menu-prices'],
        ['Opening hours', 'menu-hours'],
        ['A person', 'menu-human'],
      ];
      for (const [n, [title, id]] of buttons.entries()) {
        if (n > 0) await page.getByRole('button', { name: 'Add a button' }).click();
        await field(page, `Button ${n + 1} title`).fill(title!);
        await field(page, `Button ${n + 1} id`).fill(id!);
      }
      expect(await page.getByRole('button', { name: 'Add a button' }).count()).toBe(0);
      const phone = page.getByRole('img', { name: 'Preview of the automated reply on a phone' });
      for (const [title] of buttons) await phone.getByText(title!, { exact: true }).waitFor();
      await phone.getByText('Welcome to Kemi Fabrics! What do you need?').waitFor();
      // A title past WhatsApp's 20 characters is named under its input before anything is sent.
      await field(page, 'Button 3 title').fill('Talk to a real person now');
      await page.getByRole('button', { name: 'Create rule' }).click();
      await page.getByText('At most 20 characters').waitFor();
      await field(page, 'Button 3 title').fill('A person');
      // What only the API checks (ids unique) comes back under the input it names.
      await field(page, 'Button 3 id').fill('menu-hours');
      await page.getByRole('button', { name: 'Create rule' }).click();
      const idError = await field(page, 'Button 3 id').getAttribute('id');
      await page.locator(`[id="${idError}-error"]`).getByText('Button ids must be unique').waitFor();
      await field(page, 'Button 3 id').fill('menu-human');
      await expectAccessible(page, 'automation rule editor');
      await screenshot(page, 'automation-rule-editor');
      await page.getByRole('button', { name: 'Create rule' }).click();
      await page.getByRole('heading', { name: 'Automation', level: 1 }).waitFor();
      const welcomeRow = page.getByRole('row').filter({ hasText: 'Welcome' });
      await welcomeRow.getByText('The first message of a new contact').waitFor();
      await welcomeRow.getByText('Buttons (3)').waitFor();

      // "Prices" leads to a list, previewed as the sheet WhatsApp opens.
      await page.getByRole('link', { name: 'New rule' }).click();
      await page.getByRole('heading', { name: 'New rule' }).waitFor();
      await field(page, 'Name').fill('Prices');
      await page.getByRole('combobox', { name: 'Trigger' }).click();
      await page.getByRole('option', { name: 'A button or list choice' }).click();
      await field(page, 'Option id').fill('menu-prices');
      await page.getByText('List', { exact: true }).click();
      await field(page, 'Message').fill('Our fabrics, by the yard:');
      await field(page, 'List button label').fill('See prices');
      await field(page, 'Row 1 title').fill('Ankara');
      await field(page, 'Row 1 description').fill('8,000 a yard, 40 prints');
      await page.getByRole('button', { name: 'Add a row' }).click();
      await field(page, 'Row 2 title').fill('Lace');
      await field(page, 'Row 2 description').fill('15,000 a yard');
      const sheet = page.getByTestId('list-preview');
      await sheet.getByText('8,000 a yard, 40 prints').waitFor();
      await sheet.getByText('Lace').waitFor();
      await expectAccessible(page, 'automation list editor');
      await screenshot(page, 'automation-list-editor');
      await page.getByRole('button', { name: 'Create rule' }).click();
      const prices = page.getByRole('row').filter({ hasText: 'List (2 rows)' });
      await prices.waitFor();
      // Switched off and on from the list; then deleted after a confirmation.
      const on = prices.getByRole('switch', { name: 'Prices switched on' });
      await on.click({ force: true });
      await page.getByText('“Prices” switched off.').waitFor();
      await expect.poll(() => on.isChecked()).toBe(false);
      await on.click({ force: true });
      await page.getByText('“Prices” switched on.').waitFor();
      await prices.getByRole('button', { name: 'Delete Prices' }).click();
      await page
        .getByRole('dialog', { name: 'Delete this rule?' })
        .getByRole('button', { name: 'Delete rule' })
        .click();
      await page.getByText('Rule deleted.').waitFor();
      await expect.poll(() => page.getByRole('row').filter({ hasText: 'List (2 rows)' }).count()).toBe(0);
      // A stored rule opens in the editor as it was saved.
      await page.getByRole('link', { name: 'Welcome', exact: true }).click();
      await page.getByRole('heading', { name: 'Edit rule' }).waitFor();
      await expect.poll(() => field(page, 'Button 2 title').inputValue()).toBe('Opening hours');
      expect(await field(page, 'Footer').inputValue()).toBe('Tap a button');
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.getByRole('heading', { name: 'Automation', level: 1 }).waitFor();

      // The next step of the menu, and the away message (through the API: the editor is shown above).
      const create = async (body: Record<string, unknown>) =>
        expect(
          (await service.request({ url: '/automation/rules', token: user.accessToken, body })).status,
        ).toBe(201);
      await create({
        name: 'Opening hours',
        trigger: 'choice',
        choiceId: 'menu-hours',
        reply: { text: 'We are open Monday to Friday, 9 to 5.' },
      });
      await create({
        name: 'Away',
        trigger: 'away',
        reply: { text: 'We are closed now; we answer from 9 tomorrow.' },
      });
      await page.reload();
      await page.getByRole('row').filter({ hasText: 'A message outside business hours' }).waitFor();
      await expectAccessible(page, 'automation');
      await screenshot(page, 'automation');

      // A new contact writes for the first time: the welcome and its buttons are in the thread.
      await write({ type: 'text', text: 'Hello' });
      await page
        .getByRole('link', { name: /^Inbox/ })
        .first()
        .click();
      await page.getByRole('heading', { name: 'Inbox' }).waitFor();
      await page.getByTestId('conversation-row').first().click();
      const log = page.getByRole('log', { name: 'Messages' });
      const automated = (rule: string) =>
        log.getByTestId('message-out').filter({ has: page.getByText(`Automated · ${rule}`) });
      const welcome = automated('Welcome');
      await welcome.waitFor({ timeout: 20_000 });
      await welcome.getByText('Welcome to Kemi Fabrics!', { exact: false }).waitFor();
      for (const [title] of buttons)
        await welcome.getByTestId('interactive-options').getByText(title!).waitFor();

      // The contact taps "Opening hours": the choice shows as such, and the next rule answers it.
      await write({ type: 'button', button: { text: 'Opening hours', payload: 'menu-hours' } });
      const tap = log.getByTestId('message-in').filter({ has: page.getByText('Chose: Opening hours') });
      await tap.getByText('Option id: menu-hours').waitFor();
      await automated('Opening hours')
        .getByText('We are open Monday to Friday, 9 to 5.')
        .waitFor({ timeout: 20_000 });

      // Closed every day: now is outside business hours, and a message gets the away answer.
      await page.getByRole('link', { name: 'Automation' }).first().click();
      await page.getByRole('heading', { name: 'Business hours' }).waitFor();
      await page.getByText('Not set yet', { exact: false }).waitFor();
      // A day that closes before it opens is refused by the API, the message under that day's closing time.
      await page.getByLabel('Monday closes').fill('08:00');
      await page.getByRole('button', { name: 'Save hours' }).click();
      const closes = await page.getByLabel('Monday closes').getAttribute('id');
      await page.locator(`[id="${closes}-error"]`).getByText('Must close after it opens').waitFor();
      for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
        const box = page.getByRole('checkbox', { name: day });
        if (await box.isChecked()) await box.uncheck();
      }
      await page.getByRole('button', { name: 'Save hours' }).click();
      await page.getByText('Business hours saved.').waitFor();
      await page.getByTestId('hours-mon').getByText('Closed').waitFor();
      await write({ type: 'text', text: 'price of the blue ankara?' });
      await page
        .getByRole('link', { name: /^Inbox/ })
        .first()
        .click();
      await page.getByTestId('conversation-row').first().click();
      await automated('Away').getByText('We are closed now', { exact: false }).waitFor({ timeout: 20_000 });
      await expectAccessible(page, 'inbox thread with automated replies');
      await screenshot(page, 'automation-thread');

      // A member answers: automation stops in this conversation, the away rule included.
      await page.getByLabel('Reply').fill('Hi Bisi, I am here: the blue ankara is 8,000 a yard.');
      await page.getByRole('button', { name: 'Send' }).click();
      await log.getByTestId('message-out').filter({ hasText: '8,000 a yard' }).waitFor();
      await write({ type: 'text', text: 'Great, thanks!' });
      await log.getByTestId('message-in').filter({ hasText: 'Great, thanks!' }).waitFor();
      // The worker picks automated replies up within moments: give it time, then nothing more has come.
      await page.waitForTimeout(3_000);
      const list = await service.request({ url: '/conversations', token: user.accessToken });
      const thread = await service.request({
        url: `/conversations/${list.body.data.items[0].id}/messages`,
        token: user.accessToken,
      });
      expect(thread.status).toBe(200);
      expect(
        thread.body.data.items
          .filter((m: { automation?: { ruleName: string } | null }) => m.automation)
          .map((m: { automation: { ruleName: string } }) => m.automation.ruleName),
      ).toEqual(['Away', 'Opening hours', 'Welcome']);
    },
    E2E_TIMEOUT,
  );
});
