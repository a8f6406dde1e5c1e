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

const PASSWORD = 'Team-member-pass-1';

/** Every link of the business's menu, to say which a role sees and which it does not. */
const ALL_LINKS = [
  'Home',
  'Inbox',
  'Contacts',
  'Segments',
  'Campaigns',
  'Templates',
  'Automation',
  'Wallet',
  'Support',
  'Audit log',
  'Settings',
] as const;

async function expectMenu(page: Page, visible: readonly string[]): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: visible[0] }).waitFor();
  for (const name of ALL_LINKS) {
    const count = await nav.getByRole('link', { name, exact: true }).count();
    expect(count, `${name} ${visible.includes(name) ? 'shown' : 'hidden'}`).toBe(
      visible.includes(name) ? 1 : 0,
    );
  }
}

// A team of five: the owner invites an admin, a marketer and two agents from Settings → Members (one agent
// already has an account of its own), each joins from the link in its mail, each sees only what its role may
// use, and a removed member's next request lands on sign-in.
describe.skipIf(!hasChromium)('journey: members and roles', () => {
  let service: ConsoleService;
  let browser: Browser;

  beforeAll(async () => {
    [service, browser] = await Promise.all([startConsoleService(), launchBrowser()]);
  }, E2E_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  /** The link of the invitation mailed to `email` (the console's own address). */
  async function invitationLink(email: string): Promise<string> {
    const mail = await service.mailbox.waitFor(email, /invited/, 15_000);
    const link = /(https?:\/\/\S+\/invitation\?token=[\w%-]+)/.exec(mail.text)?.[1];
    if (!link) throw new Error(`no invitation link in ${mail.text}`);
    return link;
  }

  async function invite(page: Page, email: string, role: string): Promise<void> {
    await page.getByRole('textbox', { name: /^E-mail/ }).fill(email);
    await page.getByRole('combobox', { name: 'Role', exact: true }).click();
    await page.getByRole('option', { name: role, exact: true }).click();
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByRole('table', { name: 'Invitations' }).getByText(email).waitFor();
  }

  /** A new person opens its invitation link, chooses a name and password, and lands in the console. */
  async function joinAsNewPerson(link: string, name: string): Promise<Page> {
    const { page } = await newSession(browser, service.url);
    await page.goto(link);
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Choose a password').fill(PASSWORD);
    await page.getByRole('button', { name: /^Join / }).click();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    return page;
  }

  it(
    'an owner builds a team whose members each see only what their role may use',
    async () => {
      const owner = await createUser(service, { name: 'Ada', businessVerified: 'accepted', credits: '100' });
      // The second agent already runs a business of its own: it joins with its password, then switches.
      const bo = await createUser(service, { name: 'Bo' });
      const wabaNumber = '2349011113333';
      await setMessagingCredentials(service, owner.businessId, { wabaNumber });
      const [contact] = await createContacts(service, owner.businessId, 1, { firstName: 'Amaka' });

      const { page } = await newSession(browser, service.url);
      await signIn(page, owner, '/settings?tab=members');
      await page.getByRole('heading', { name: 'Invite a member' }).waitFor();
      await expect.poll(() => page.getByTestId('seats-left').innerText()).toContain('4 of 5 seats left');

      const emails = {
        admin: `admin.${Date.now()}@example.test`,
        marketer: `marketer.${Date.now()}@example.test`,
        cy: `agent.cy.${Date.now()}@example.test`,
      };
      await invite(page, emails.admin, 'Admin');
      await invite(page, emails.marketer, 'Marketer');
      await invite(page, emails.cy, 'Agent');
      await invite(page, bo.email, 'Agent');
      await expect.poll(() => page.getByTestId('seats-left').innerText()).toContain('0 of 5 seats left');
      // Past the seats, the refusal stands next to the form, in words, and nothing is sent.
      await page.getByRole('textbox', { name: /^E-mail/ }).fill(`one.too.many.${Date.now()}@example.test`);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await page
        .getByRole('alert')
        .getByText(/No seats left/)
        .waitFor();
      await expectAccessible(page, 'members, seats full');
      await screenshot(page, 'settings-members-invite');

      // The invitation page: what the link offers, then the person joins.
      const adminLink = await invitationLink(emails.admin);
      const { page: preview } = await newSession(browser, service.url);
      await preview.goto(adminLink);
      await preview.getByRole('heading', { name: 'Join Ada Ltd' }).waitFor();
      await preview.getByText('You are invited as').waitFor();
      await expectAccessible(preview, 'invitation');
      await screenshot(preview, 'invitation');
      await preview.context().close();
      // A link that does not work (used, revoked, expired or made up) says so.
      const { page: stale } = await newSession(browser, service.url);
      await stale.goto('/invitation?token=this-link-was-never-valid-at-all');
      await stale.getByRole('heading', { name: 'This invitation link does not work' }).waitFor();
      await expectAccessible(stale, 'invitation not valid');
      await screenshot(stale, 'invitation-not-valid');
      await stale.context().close();

      const admin = await joinAsNewPerson(adminLink, 'Ade Admin');
      const marketer = await joinAsNewPerson(await invitationLink(emails.marketer), 'Mo Marketer');
      const cy = await joinAsNewPerson(await invitationLink(emails.cy), 'Cy Agent');
      const { page: boPage } = await newSession(browser, service.url);
      await boPage.goto(await invitationLink(bo.email));
      await boPage.getByText('You already have an account with this address').waitFor();
      await boPage.getByLabel('Your password').fill('wrong-password-1');
      await boPage.getByRole('button', { name: /^Join / }).click();
      await boPage.getByText('That is not the password of this account').waitFor();
      await boPage.getByLabel('Your password').fill(bo.password);
      await boPage.getByRole('button', { name: /^Join / }).click();

      // Each role's menu: the owner and the admin everything, the marketer no inbox, the agents the inbox.
      const everything = [...ALL_LINKS];
      await page.reload();
      await expectMenu(page, everything);
      await expectMenu(admin, everything);
      await expectMenu(marketer, [
        'Home',
        'Contacts',
        'Segments',
        'Campaigns',
        'Templates',
        'Automation',
        'Wallet',
        'Support',
        'Settings',
      ]);
      for (const agent of [cy, boPage]) {
        await agent.waitForURL(/\/inbox/);
        // Agents read the automated answers (what the customer was told), and change none.
        await expectMenu(agent, ['Inbox', 'Automation', 'Support', 'Settings']);
      }
      // A page its role may not use, typed in, says so; the agent's Settings has no Members tab.
      await cy.goto('/contacts');
      await cy.getByRole('heading', { name: 'Not allowed' }).waitFor();
      await cy.goto('/settings');
      await cy.getByRole('tab', { name: 'Profile' }).waitFor();
      expect(await cy.getByRole('tab', { name: 'Members' }).count()).toBe(0);
      await marketer.goto('/settings?tab=members');
      await marketer.getByRole('heading', { name: 'Not allowed' }).waitFor();
      // What a role may do, it sees: the marketer starts campaigns.
      await marketer.goto('/campaigns');
      await marketer.getByRole('link', { name: 'New campaign' }).waitFor();

      // The agent's inbox: a contact writes, the agent sees the conversation, reply box and all.
      const inbound = await service.request({
        url: '/webhooks/messaging-provider',
        body: {
          waNumber: wabaNumber,
          mobile: contact!.phoneNumber.replace(/\D/g, ''),
          name: 'Amaka',
          type: 'text',
          text: 'Can I change my delivery address?',
          timestamp: String(Math.floor(Date.now() / 1000)),
        },
      });
      expect(inbound.status).toBe(200);
      await cy.goto('/inbox');
      const row = cy.getByTestId('conversation-row').first();
      await expect.poll(() => row.innerText(), { timeout: 15_000 }).toContain('delivery address');
      await row.click();
      await cy.getByLabel('Reply').waitFor();
      await expectAccessible(cy, 'agent inbox');
      await screenshot(cy, 'inbox-agent');

      // Two agents take the same conversation at once: one holds it, and both see the same holder.
      const conversationId = new URL(cy.url()).searchParams.get('id');
      expect(conversationId).toBeTruthy();
      await boPage.goto(`/inbox?id=${conversationId}`);
      await boPage.getByTestId('assignee').getByText('Unassigned').waitFor();
      await cy.getByTestId('assignee').getByText('Unassigned').waitFor();
      // Both press Take in the same instant (a click event each, no waiting for the other page to settle).
      const takeCy = cy.getByRole('button', { name: 'Take', exact: true });
      const takeBo = boPage.getByRole('button', { name: 'Take', exact: true });
      await Promise.all([takeCy.waitFor(), takeBo.waitFor()]);
      await Promise.all([takeCy.dispatchEvent('click'), takeBo.dispatchEvent('click')]);
      // The winner holds it ("You"); the other agent may no longer open it, and its thread says so.
      const holderSeenBy = async (p: Page): Promise<string> => {
        const you = p.getByTestId('assignee').getByText('You', { exact: true });
        const gone = p.getByTestId('thread-gone');
        await expect
          .poll(async () => (await you.count()) + (await gone.count()), { timeout: 15_000 })
          .toBe(1);
        return (await you.count()) ? 'holder' : 'told it is taken';
      };
      const seen = await Promise.all([holderSeenBy(cy), holderSeenBy(boPage)]);
      expect(seen.sort()).toEqual(['holder', 'told it is taken']);
      const held = await service.request({
        url: `/conversations/${conversationId}`,
        token: owner.accessToken,
      });
      expect(held.body.data.assigneeId).toEqual(expect.any(String));

      // The owner moves it to Bo from the thread's "Assign to"; both agents' pages follow.
      await page.goto(`/inbox?id=${conversationId}`);
      await page.getByRole('combobox', { name: 'Assign to' }).click();
      await page.getByRole('option', { name: 'Bo', exact: true }).click();
      await page.getByTestId('assignee').getByText('Bo', { exact: true }).waitFor();
      await expect
        .poll(async () => {
          const res = await service.request({
            url: `/conversations/${conversationId}`,
            token: owner.accessToken,
          });
          return res.body.data.assigneeId;
        })
        .toBe(bo.accountId);
      await boPage.getByTestId('assignee').getByText('You', { exact: true }).waitFor({ timeout: 15_000 });

      // Bo is in two businesses: the switcher names the one it acts for and lists both, with its role.
      // On a phone the switcher heads the menu: open the menu, then the switcher.
      await boPage.setViewportSize({ width: 375, height: 812 });
      await boPage.getByRole('button', { name: 'Menu' }).click();
      await boPage.getByTestId('business-switcher').click();
      // The list is a dialog named by the switcher it opens from.
      const mine = boPage.getByRole('dialog');
      await mine.getByRole('button', { name: /Ada Ltd\s*Agent/ }).waitFor();
      await expectAccessible(boPage, 'business switcher');
      await screenshot(boPage, 'business-switcher');
      await mine.getByRole('button', { name: /Bo Ltd\s*Owner/ }).click();
      // In its own business Bo is the owner again: the whole menu.
      await boPage.getByRole('heading', { name: /Welcome/ }).waitFor();
      await expectMenu(boPage, everything);

      // The audit log: who invited whom and who joined, filtered by action, exported as CSV.
      await page.goto('/audit-log');
      await page.getByRole('heading', { name: 'Audit log' }).waitFor();
      await page.getByRole('cell', { name: 'Joined' }).first().waitFor();
      await page.getByRole('combobox', { name: 'Action', exact: true }).click();
      await page.getByRole('option', { name: 'Invited a member' }).click();
      await expect.poll(() => page.getByRole('table', { name: 'Entries' }).getByRole('row').count()).toBe(5); // the header and the four invitations
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      expect((await download).suggestedFilename()).toMatch(/\.csv$/);
      await page.goto('/audit-log');
      await page.getByRole('cell', { name: 'Joined' }).first().waitFor();
      await expectAccessible(page, 'audit log');
      await screenshot(page, 'audit-log');

      // The owner removes Cy: Cy's next request lands on sign-in.
      await page.goto('/settings?tab=members');
      await page.getByRole('table', { name: 'Members' }).getByText('Cy Agent').waitFor();
      await expectAccessible(page, 'members');
      await screenshot(page, 'settings-members');
      // Automatic assignment: round robin, at most three open conversations each.
      const auto = page.getByRole('form', { name: 'Automatic assignment' });
      await auto.getByRole('combobox', { name: 'Mode' }).click();
      await page.getByRole('option', { name: 'Round robin' }).click();
      await auto.getByRole('textbox', { name: /Open conversations per member/ }).fill('3');
      await auto.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Automatic assignment saved').waitFor();
      const assignment = await service.request({ url: '/inbox/assignment', token: owner.accessToken });
      expect(assignment.body.data).toEqual({ mode: 'round_robin', capacity: 3 });

      await page.getByRole('button', { name: 'Remove Cy Agent' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove Cy Agent' }).click();
      await page.getByText('Cy Agent was removed.').waitFor();
      await cy.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
      await cy.waitForURL(/\/sign-in/);
      await cy.getByRole('button', { name: 'Sign in' }).waitFor();
    },
    E2E_TIMEOUT * 2,
  );
});
