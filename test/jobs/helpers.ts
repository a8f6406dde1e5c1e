import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { Dispatcher, type DispatcherOptions, dispatcherOptions } from '../../src/jobs/dispatcher.js';
import { queryRows } from '../../src/platform/db/client.js';
import { campaignMessages, campaigns } from '../../src/platform/db/schema/index.js';
import { GatewayMessagingAdapter } from '../../src/providers/messaging/gateway.adapter.js';
import type { MessagingPort } from '../../src/providers/messaging/messaging.port.js';
import {
  createCampaign,
  createContacts,
  createUser,
  setMessagingCredentials,
  type TestUser,
} from '../factories.js';
import type { TestApp } from '../harness.js';
import { MessagingGatewaySimulator } from '../simulators/messaging-gateway.js';

/** A gateway simulator and the real adapter pointed at it, for one test file. */
export function useGateway(opts: ConstructorParameters<typeof MessagingGatewaySimulator>[0] = {}) {
  const holder = { gateway: new MessagingGatewaySimulator(opts) } as {
    gateway: MessagingGatewaySimulator;
    adapter: GatewayMessagingAdapter;
  };
  beforeAll(async () => {
    await holder.gateway.start();
    holder.adapter = new GatewayMessagingAdapter({
      baseUrl: holder.gateway.url,
      timeoutMs: 5_000,
      connections: 32,
    });
  });
  afterAll(async () => {
    await holder.adapter?.close();
    await holder.gateway.stop();
  });
  return holder;
}

/** Fast settings for tests: short poll, lease and backoff. */
export function testDispatcher(
  t: TestApp,
  adapter: MessagingPort,
  overrides: Partial<DispatcherOptions> = {},
): Dispatcher {
  return new Dispatcher(
    { ...t.deps, messaging: adapter },
    dispatcherOptions(t.deps.config, {
      pollMs: 50,
      leaseMs: 5_000,
      retryBaseMs: 30,
      retryMaxMs: 200,
      ratePerSecond: 0,
      concurrency: 8,
      batchSize: 50,
      breaker: { threshold: 3, firstPauseMs: 100, maxPauseMs: 400 },
      ...overrides,
    }),
  );
}

/** A business with credentials and `count` opted-in contacts, and a campaign published straight to the queue. */
export async function queuedCampaign(
  t: TestApp,
  count: number,
  overrides: Partial<typeof campaigns.$inferInsert> = {},
): Promise<{ user: TestUser; campaign: typeof campaigns.$inferSelect; phones: string[] }> {
  const user = await createUser(t, { businessVerified: 'accepted', credits: String(count + 10) });
  await setMessagingCredentials(t, user.businessId, { userId: 'hsm-user', password: 'hsm-password' });
  const contacts = await createContacts(t, user.businessId, count);
  const draft = await createCampaign(t, user.businessId, overrides);
  const res = await t.request({
    url: `/campaigns/${draft.id}/publish`,
    token: user.accessToken,
    body: { paymentMethod: 'credit' },
  });
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.text}`);
  const [campaign] = await t.db.select().from(campaigns).where(eq(campaigns.id, draft.id));
  return { user, campaign: campaign!, phones: contacts.map((c) => c.phoneNumber) };
}

export async function statusCounts(t: TestApp, campaignId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ status: string; n: number }>(
    t.db,
    sql`SELECT status, count(*)::int AS n FROM campaign_messages WHERE campaign_id = ${campaignId} GROUP BY status`,
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function campaignRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
  return row!;
}

export async function messagesOf(t: TestApp, campaignId: string) {
  return t.db.select().from(campaignMessages).where(eq(campaignMessages.campaignId, campaignId));
}
