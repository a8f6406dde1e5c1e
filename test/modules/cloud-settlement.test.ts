import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dispatcher } from '../../src/jobs/dispatcher.js';
import { rechargeDeliveredMessages } from '../../src/modules/campaigns/index.js';
import { reclaimExpiredLeases, sweepPendingReceipts } from '../../src/modules/messages/index.js';
import { queryRows } from '../../src/platform/db/client.js';
import { createContacts, createUser, setMessagingCredentials } from '../factories.js';
import { useTestApp } from '../harness.js';
import { messagesOf } from '../jobs/helpers.js';
import { cloudWebhookBody, signedHeaders, statusValue } from '../simulators/graph-api.js';
import { APP_SECRET, cloudBusiness, cloudDispatcher, useGraph } from './cloud-support.js';
import { cloudSender, publishCloud } from './deliverability-support.js';

/**
 * A Cloud message in doubt (its dispatcher died while sending it) is settled by the `sent` status Meta posts
 * with the send's `biz_opaque_callback_data`, not sent again; a reclaimed Cloud message waits a grace period
 * for that status. Meta's shapes: `statuses[]` with `id`, `recipient_id`, `biz_opaque_callback_data`.
 */
describe('Cloud messages in doubt, settled by their statuses', () => {
  const graph = useGraph();
  const t = useTestApp(graph.appOptions);
  let dispatcher: Dispatcher | undefined;
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = undefined;
  });

  /** A Cloud business's campaign of `count` messages, left `sending` under a lease that ran out. */
  async function inDoubt(count = 1) {
    const biz = await cloudSender(t, graph.sim, count, '100');
    const campaignId = await publishCloud(t, biz, { name: 'Doubt' });
    await t.db.execute(sql`
      UPDATE campaign_messages SET status = 'sending', attempts = 1, locked_by = 'dead-worker',
        lease_expires_at = now() - interval '1 second'
      WHERE campaign_id = ${campaignId}`);
    return { ...biz, campaignId, messages: await messagesOf(t, campaignId) };
  }

  const post = (body: string) =>
    t.request({ url: '/webhooks/whatsapp-cloud', headers: signedHeaders(APP_SECRET, body), payload: body });

  const sentStatus = (
    account: { wabaId: string; phoneNumberId: string },
    m: { id: string; phoneNumber: string },
    wamid: string,
    over: { recipient?: string; reference?: string } = {},
  ) =>
    cloudWebhookBody(
      account.wabaId,
      'messages',
      statusValue(account.phoneNumberId, {
        id: wamid,
        status: 'sent',
        recipient: over.recipient ?? m.phoneNumber.replace(/\D/g, ''),
        reference: over.reference ?? m.id,
      }),
    );

  it('a status with an unknown id naming a message being sent records it sent with that id, once', async () => {
    const { account, campaignId, messages } = await inDoubt(1);
    const m = messages[0]!;
    expect((await post(sentStatus(account, m, 'wamid.SETTLED1'))).status).toBe(200);
    const [after] = await messagesOf(t, campaignId);
    expect(after).toMatchObject({
      status: 'sent',
      providerMessageId: `${account.phoneNumberId}:wamid.SETTLED1`,
      lockedBy: null,
      leaseExpiresAt: null,
    });
    expect(after!.sentAt).not.toBeNull();
    // Meta's retry of the same webhook changes nothing; a dispatcher finds nothing to send again.
    expect((await post(sentStatus(account, m, 'wamid.SETTLED1'))).status).toBe(200);
    const sendsBefore = graph.sim.totalSends;
    dispatcher = cloudDispatcher(t).start();
    await new Promise((r) => setTimeout(r, 300));
    expect(graph.sim.totalSends).toBe(sendsBefore);
    expect((await messagesOf(t, campaignId))[0]).toMatchObject({ status: 'sent' });
  });

  it('a reclaimed Cloud message waits the grace period; then a status settles it instead of a resend', async () => {
    const { account, campaignId, messages } = await inDoubt(1);
    expect(await reclaimExpiredLeases(t.db, 5, 60_000)).toEqual([campaignId]);
    const [waiting] = await queryRows<{ status: string; wait_s: number }>(
      t.db,
      sql`SELECT status, extract(epoch FROM next_attempt_at - now())::int AS wait_s
          FROM campaign_messages WHERE campaign_id = ${campaignId}`,
    );
    expect(waiting!.status).toBe('queued');
    expect(Number(waiting!.wait_s)).toBeGreaterThanOrEqual(55);
    expect((await post(sentStatus(account, messages[0]!, 'wamid.LATE1'))).status).toBe(200);
    expect((await messagesOf(t, campaignId))[0]).toMatchObject({
      status: 'sent',
      providerMessageId: `${account.phoneNumberId}:wamid.LATE1`,
    });
  });

  it("a gateway message whose lease ran out is due again at once (the gateway's at-least-once window)", async () => {
    const owner = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await setMessagingCredentials(t, owner.businessId);
    await createContacts(t, owner.businessId, 1);
    const res = await t.request({
      url: '/campaigns',
      token: owner.accessToken,
      body: {
        name: 'Gw',
        message: 'Hi',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status).toBe(201);
    const campaign = { id: res.body.data.id as string };
    await t.db.execute(sql`
      UPDATE campaign_messages SET status = 'sending', attempts = 1, locked_by = 'dead-worker',
        lease_expires_at = now() - interval '1 second'
      WHERE campaign_id = ${campaign.id}`);
    await reclaimExpiredLeases(t.db, 5, 60_000);
    const [row] = await queryRows<{ due: boolean }>(
      t.db,
      sql`SELECT next_attempt_at <= now() AS due FROM campaign_messages WHERE campaign_id = ${campaign.id}`,
    );
    expect(row!.due).toBe(true);
  });

  it('a status kept before its outcome was written settles its message in the sweep', async () => {
    const { account, campaignId, messages } = await inDoubt(1);
    // Arrives while the (live) worker still holds the lease: kept as pending, as before.
    await t.db.execute(sql`UPDATE campaign_messages SET lease_expires_at = now() + interval '1 minute'
                           WHERE campaign_id = ${campaignId}`);
    await t.db.execute(sql`
      INSERT INTO pending_receipts (provider_message_id, recipient, event, event_at, reference)
      VALUES (${`${account.phoneNumberId}:wamid.EARLY1`}, ${messages[0]!.phoneNumber.replace(/\D/g, '')},
              'sent', now(), ${messages[0]!.id})`);
    await sweepPendingReceipts({ ...t.deps, recharge: rechargeDeliveredMessages }, 3_600_000);
    expect((await messagesOf(t, campaignId))[0]).toMatchObject({
      status: 'sent',
      providerMessageId: `${account.phoneNumberId}:wamid.EARLY1`,
    });
    expect(await queryRows(t.db, sql`SELECT 1 FROM pending_receipts`)).toEqual([]);
  });

  it("never another business's message: a status from one number naming another's message changes nothing", async () => {
    const victim = await inDoubt(1);
    const other = await cloudBusiness(t, graph.sim);
    const res = await post(sentStatus(other.account, victim.messages[0]!, 'wamid.FORGED1'));
    expect(res.status).toBe(200);
    expect((await messagesOf(t, victim.campaignId))[0]).toMatchObject({
      status: 'sending',
      providerMessageId: null,
    });
  });

  it('a status for another recipient, or naming a message already sent, changes nothing', async () => {
    const { account, campaignId, messages } = await inDoubt(2);
    const [a, b] = messages;
    await post(sentStatus(account, a!, 'wamid.WRONGTO', { recipient: '15550009999' }));
    expect((await messagesOf(t, campaignId)).find((m) => m.id === a!.id)).toMatchObject({
      status: 'sending',
      providerMessageId: null,
    });
    await post(sentStatus(account, b!, 'wamid.FIRST'));
    await post(sentStatus(account, b!, 'wamid.SECOND'));
    expect((await messagesOf(t, campaignId)).find((m) => m.id === b!.id)).toMatchObject({
      status: 'sent',
      providerMessageId: `${account.phoneNumberId}:wamid.FIRST`,
    });
  });

  it('an unreadable callback (not a message id) is kept as an ordinary pending status', async () => {
    const { account, campaignId, messages } = await inDoubt(1);
    const res = await post(sentStatus(account, messages[0]!, 'wamid.ODD', { reference: 'not-a-uuid' }));
    expect(res.status).toBe(200);
    expect((await messagesOf(t, campaignId))[0]!.status).toBe('sending');
    await vi.waitFor(async () =>
      expect(
        await queryRows(
          t.db,
          sql`SELECT 1 FROM pending_receipts WHERE provider_message_id = ${`${account.phoneNumberId}:wamid.ODD`}`,
        ),
      ).toHaveLength(1),
    );
  });
});
