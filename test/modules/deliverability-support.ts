import { eq } from 'drizzle-orm';
import { templates } from '../../src/platform/db/schema/index.js';
import { createContacts, createUser, type TestUser } from '../factories.js';
import type { TestApp } from '../harness.js';
import type { GraphApiSimulator } from '../simulators/graph-api.js';
import { cloudBusiness, templateInput } from './cloud-support.js';

/** A clock the dispatcher's messaging window reads, moved by the test. */
export function fakeClock(start = new Date()) {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    advance: (ms: number) => {
      at += ms;
    },
  };
}

/** A Cloud business with an approved one-variable template and `count` opted-in contacts. */
export async function cloudSender(t: TestApp, sim: GraphApiSimulator, count: number, credits = '1000') {
  const biz = await cloudBusiness(t, sim, { credits });
  const created = await t.request({
    url: '/templates',
    token: biz.user.accessToken,
    body: templateInput(`promo_${Date.now()}_${Math.random().toString(36).slice(2, 6)}`, 1),
  });
  if (created.status !== 201) throw new Error(`template: ${created.status} ${created.text}`);
  const [template] = await t.db.select().from(templates).where(eq(templates.id, created.body.data.id));
  sim.setTemplateStatus(template!.providerTemplateId!, 'APPROVED');
  await t.db.update(templates).set({ status: 'APPROVED' }).where(eq(templates.id, template!.id));
  const people = await createContacts(t, biz.user.businessId, count);
  return { ...biz, template: template!, people };
}

/** Publishes a campaign to everyone (or to `selected`) from the sender's template; returns its id. */
export async function publishCloud(
  t: TestApp,
  sender: { user: TestUser; template: { id: string } },
  opts: {
    selected?: string[];
    name?: string;
    messageType?: string;
    paymentMethod?: string;
    /** Another template of the sender's than its own. */
    template?: { id: string };
  } = {},
): Promise<string> {
  const res = await t.request({
    url: '/campaigns',
    token: sender.user.accessToken,
    body: {
      name: opts.name ?? 'Promo',
      message: 'Hello {{1}}',
      sendToAllContact: !opts.selected,
      ...(opts.selected ? { selectedContactId: opts.selected } : {}),
      isScheduled: false,
      paymentMethod: opts.paymentMethod ?? 'credit',
      messageType: opts.messageType ?? 'marketing',
      templateId: (opts.template ?? sender.template).id,
      templateParameters: { body: [{ field: 'firstName' }] },
    },
  });
  if (res.status !== 201) throw new Error(`publish: ${res.status} ${res.text}`);
  return res.body.data.id as string;
}

let admin: TestUser | undefined;
let adminOf: TestApp | undefined;

/** `PATCH /admin/businesses/{id}/messaging-limit` as an admin. */
export async function setLimit(t: TestApp, businessId: string, body: Record<string, unknown>) {
  if (!admin || adminOf !== t) {
    admin = await createUser(t, { role: 'admin' });
    adminOf = t;
  }
  const res = await t.request({
    method: 'PATCH',
    url: `/admin/businesses/${businessId}/messaging-limit`,
    token: admin.accessToken,
    body,
  });
  if (res.status !== 200) throw new Error(`limit: ${res.status} ${res.text}`);
  return res.body.data;
}
