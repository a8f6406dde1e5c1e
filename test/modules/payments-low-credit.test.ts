import { describe, expect, it } from 'vitest';
import { saveAppSettings } from '../../src/modules/settings/app-settings.repository.js';
import {
  createContacts,
  createUser,
  setMessagingCredentials,
  type TestUser,
  walletOf,
} from '../factories.js';
import { useTestApp } from '../harness.js';
import { expectLedgerBalanced } from '../ledger-invariant.js';

// The low-credit e-mail is sent before the publish answers, so what the mailbox holds after the answer is
// final: an e-mail that is not there will not arrive later.
describe('low-credit e-mail', () => {
  const t = useTestApp();
  const LOW = /credit balance is low/i;
  const lowCreditMails = (user: TestUser) =>
    t.mailbox.messages.filter((m) => m.to.includes(user.email) && LOW.test(m.subject));

  async function sender(credits: string) {
    const user = await createUser(t, { businessVerified: 'accepted', credits });
    await setMessagingCredentials(t, user.businessId);
    await createContacts(t, user.businessId, 10);
    return user;
  }

  /** Publishes to the 10 contacts at 1 credit each (the marketing rate). */
  async function publish(user: TestUser) {
    const res = await t.request({
      url: '/campaigns',
      token: user.accessToken,
      body: {
        name: 'Low',
        message: 'x',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status, res.text).toBe(201);
  }

  it('is sent once, when the balance crosses below the threshold, not again while it stays below', async () => {
    await saveAppSettings(t.db, { lowCreditThreshold: '100' });
    const user = await sender('115');
    await publish(user); // 105: still above
    expect(lowCreditMails(user)).toHaveLength(0);
    await publish(user); // 95: crossed
    expect(lowCreditMails(user)).toHaveLength(1);
    expect(lowCreditMails(user)[0]!.text).toMatch(/95 credits left/);
    await publish(user); // 85: already below
    await publish(user); // 75
    expect((await walletOf(t, user.businessId)).balance).toBe('75.0000');
    expect(lowCreditMails(user)).toHaveLength(1);
    await expectLedgerBalanced(t);
  });

  it('is not sent when the business turned lowCreditsEmail off', async () => {
    await saveAppSettings(t.db, { lowCreditThreshold: '100' });
    const user = await sender('105');
    const off = await t.request({
      method: 'PATCH',
      url: '/notifications/settings',
      token: user.accessToken,
      body: { lowCreditsEmail: 'false' },
    });
    expect(off.status).toBe(200);
    await publish(user); // 95: crossed, but the business does not want the e-mail
    expect((await walletOf(t, user.businessId)).balance).toBe('95.0000');
    expect(lowCreditMails(user)).toHaveLength(0);

    // The same crossing with the preference on does send it (the e-mail path itself works here).
    const control = await sender('105');
    await publish(control);
    expect(lowCreditMails(control)).toHaveLength(1);
  });
});
