import { afterAll, beforeAll } from 'vitest';
import { Dispatcher, type DispatcherOptions, dispatcherOptions } from '../../src/jobs/dispatcher.js';
import { CloudMessagingAdapter } from '../../src/providers/messaging/cloud.adapter.js';
import type { CloudMessagingPort } from '../../src/providers/messaging/cloud.port.js';
import { createUser, type TestUser, uniquePhone } from '../factories.js';
import type { TestApp, TestAppOptions } from '../harness.js';
import { type GraphAccount, GraphApiSimulator, type GraphSimulatorOptions } from '../simulators/graph-api.js';

export const APP_SECRET = 'test-app-secret-0123456789';
export const VERIFY_TOKEN = 'test-verify-token-0123';

/**
 * A Graph API simulator on loopback and the real Cloud adapter pointed at it, wired into a test app as its
 * `cloud` port, with the webhook's app secret and verify token set.
 */
export function useGraph(opts: GraphSimulatorOptions = {}) {
  const holder = { sim: new GraphApiSimulator(opts) } as {
    sim: GraphApiSimulator;
    adapter: CloudMessagingAdapter;
  };
  const cloud: CloudMessagingPort = {
    requiresCredentials: true,
    send: (c, m) => holder.adapter.send(c, m),
    checkPhoneNumber: (a, id) => holder.adapter.checkPhoneNumber(a, id),
    findAccountPhoneNumber: (a, w, id) => holder.adapter.findAccountPhoneNumber(a, w, id),
    createTemplate: (a, w, t) => holder.adapter.createTemplate(a, w, t),
    listTemplates: (a, w) => holder.adapter.listTemplates(a, w),
    deleteTemplate: (a, w, t) => holder.adapter.deleteTemplate(a, w, t),
    fetchMedia: (a, id, opts) => holder.adapter.fetchMedia(a, id, opts),
  };
  beforeAll(async () => {
    await holder.sim.start();
    holder.adapter = new CloudMessagingAdapter({ baseUrl: holder.sim.url, timeoutMs: 5_000, connections: 8 });
  });
  afterAll(async () => {
    await holder.adapter?.close();
    await holder.sim.stop();
  });
  const appOptions: TestAppOptions = {
    ports: { cloud },
    // The simulator serves media downloads on loopback: allowed by name, as an operator allows a media host.
    env: {
      WHATSAPP_CLOUD_APP_SECRET: APP_SECRET,
      WHATSAPP_CLOUD_VERIFY_TOKEN: VERIFY_TOKEN,
      MEDIA_ALLOWED_HOSTS: '127.0.0.1',
    },
  };
  return Object.assign(holder, { appOptions });
}

let seq = 0;

/** A verified business connected through the Cloud API, with an account the simulator knows. */
export async function cloudBusiness(
  t: TestApp,
  sim: GraphApiSimulator,
  opts: { credits?: string } = {},
): Promise<{ user: TestUser; account: GraphAccount; wabaNumber: string }> {
  const user = await createUser(t, { businessVerified: 'accepted', credits: opts.credits ?? '100' });
  seq++;
  const account = sim.addAccount({
    token: `EAAG-token-${seq}-${Date.now()}`,
    wabaId: `10${seq}${Date.now() % 1_000_000}`,
    phoneNumberId: `20${seq}${Date.now() % 1_000_000}`,
  });
  // The number typed is the one the Cloud API shows for the phone-number id, as the connection requires.
  const wabaNumber = uniquePhone();
  account.displayPhoneNumber = wabaNumber;
  const res = await t.request({
    url: '/business/provider',
    token: user.accessToken,
    body: {
      provider: 'whatsapp-cloud',
      wabaNumber,
      wabaProviderId: account.wabaId,
      providerHSMID: account.phoneNumberId,
      providerHSMPassword: account.token,
    },
  });
  if (res.status !== 200) throw new Error(`connect failed: ${res.status} ${res.text}`);
  return { user, account, wabaNumber };
}

/** A template body in the Cloud API's format with `vars` body variables. */
export function templateInput(name: string, vars = 1, extra: Record<string, unknown>[] = []) {
  const text = `Hello ${Array.from({ length: vars }, (_, i) => `{{${i + 1}}}`).join(' and ')}, welcome`;
  return {
    name,
    language: 'en_US',
    category: 'MARKETING',
    components: [
      {
        type: 'BODY',
        text: vars ? text : 'Hello there, welcome',
        ...(vars ? { example: { body_text: [Array.from({ length: vars }, (_, i) => `Ex${i + 1}`)] } } : {}),
      },
      ...extra,
    ],
  };
}

/** A dispatcher over the test app's own ports (the Cloud port is the simulator's), with fast settings. */
export function cloudDispatcher(t: TestApp, overrides: Partial<DispatcherOptions> = {}): Dispatcher {
  return new Dispatcher(
    t.deps,
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
