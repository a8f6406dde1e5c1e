/**
 * The audit log has an entry for every change a member makes (issue 36): this file walks each action of
 * AUDIT_ACTIONS through the HTTP API, as a member, and finds exactly one new entry with the right actor and
 * target; and a change that fails (refused input, or a rollback after its entry was written) leaves none.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src/modules/audit/index.js';
import { contacts } from '../../src/platform/db/schema/index.js';
import type { LocalStorageAdapter } from '../../src/platform/storage/local.adapter.js';
import {
  createContacts,
  createMember,
  createUser,
  setExchangeRate,
  setMessagingCredentials,
  type TestUser,
  uniqueEmail,
  uniquePhone,
} from '../factories.js';
import { type TestApp, useTestApp } from '../harness.js';
import { PaymentProviderSimulator } from '../simulators/payment-provider.js';
import { cloudBusiness, templateInput, useGraph } from './cloud-support.js';
import { postSignedEvent } from './payments.support.js';

const paymentSim = await new PaymentProviderSimulator().start();
afterAll(() => paymentSim.stop());

/** Actions this file does not walk, each with the reason. */
const WALKED_ELSEWHERE: Record<string, string> = {
  'conversation.assigned': 'test/modules/conversations-assignment.test.ts',
  'webhook_endpoint.created': 'test/modules/webhook-endpoints-audit.test.ts',
  'webhook_endpoint.updated': 'test/modules/webhook-endpoints-audit.test.ts',
  'webhook_endpoint.deleted': 'test/modules/webhook-endpoints-audit.test.ts',
  'webhook_endpoint.secret_rotated': 'test/modules/webhook-endpoints-audit.test.ts',
  'webhook_delivery.replayed': 'test/modules/webhook-endpoints-audit.test.ts',
  ...Object.fromEntries(
    [
      'automation_rule.created',
      'automation_rule.updated',
      'automation_rule.deleted',
      'automation_rule.enabled',
      'automation_rule.disabled',
      'business_hours.updated',
      'automation_settings.updated',
    ].map((a) => [a, 'test/modules/automation.test.ts']),
  ),
};

interface Entry {
  id: string;
  actorId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
}

async function entriesOf(t: TestApp, reader: TestUser, action: string): Promise<Entry[]> {
  const res = await t.request({ url: `/audit-log?pageSize=100&action=${action}`, token: reader.accessToken });
  expect(res.status, res.text).toBe(200);
  return res.body.data.items;
}

describe('the audit log covers every change', () => {
  const graph = useGraph();
  const t = useTestApp({
    ...graph.appOptions,
    env: {
      ...graph.appOptions.env,
      PAYMENT_PROVIDER_SECRET_KEY: paymentSim.secretKey,
      PAYMENT_PROVIDER_BASE_URL: paymentSim.url,
    },
  });

  const seen = new Set<string>();

  /**
   * Runs one change and checks the log of `reader`'s business gained exactly one entry of `action`, by
   * `actor` (null: nobody), about `target` when given; returns that entry.
   */
  async function change(
    reader: TestUser,
    action: string,
    actor: TestUser | null | 'the target',
    /** The change; answers its target, `{ type, id }`, when the entry must name one. */
    run: () => Promise<unknown>,
  ): Promise<Entry> {
    const before = new Set((await entriesOf(t, reader, action)).map((e) => e.id));
    const target = (await run()) as { type: string; id: string } | undefined;
    const added = (await entriesOf(t, reader, action)).filter((e) => !before.has(e.id));
    expect(added, `${action}: one new entry`).toHaveLength(1);
    const entry = added[0]!;
    const actorId = actor === 'the target' ? target?.id : (actor?.accountId ?? null);
    expect(entry.actorId, `${action}: actor`).toBe(actorId);
    if (target)
      expect([entry.targetType, entry.targetId], `${action}: target`).toEqual([target.type, target.id]);
    seen.add(action);
    return entry;
  }

  const call = async (
    as: TestUser,
    url: string,
    body?: unknown,
    method: 'POST' | 'PATCH' | 'DELETE' | 'GET' = body === undefined ? 'GET' : 'POST',
  ) => {
    const res = await t.request({
      method,
      url,
      token: as.accessToken,
      ...(body === undefined ? {} : { body }),
    });
    expect(res.status, `${method} ${url}: ${res.text}`).toBeLessThan(300);
    return res;
  };

  it('walks every action: one entry each, with its actor and target', async () => {
    await setExchangeRate(t, 'NG', '1500');
    const owner = await createUser(t, { businessVerified: 'accepted', credits: '5000', countryCode: 'NG' });
    const marketer = await createMember(t, owner, 'marketer');
    const platformAdmin = await createUser(t, { role: 'admin' });
    const biz = { type: 'business', id: owner.businessId };

    // --- Sign-in, members and seats.
    await change(owner, 'account.signed_in', owner, async () => {
      await call(owner, '/auth/sign-in', { email: owner.email, password: owner.password });
    });
    const leaving = uniqueEmail('leaving');
    const invited = await change(owner, 'member.invited', owner, async () => {
      const res = await call(owner, '/members/invitations', { email: leaving, role: 'viewer' });
      return { type: 'invitation', id: res.body.data.id };
    });
    await change(owner, 'invitation.resent', owner, async () => {
      await call(owner, `/members/invitations/${invited.targetId}/resend`, {});
    });
    await change(owner, 'invitation.revoked', owner, async () => {
      await call(owner, `/members/invitations/${invited.targetId}`, undefined, 'DELETE');
    });
    const joinerEmail = uniqueEmail('joiner');
    await call(owner, '/members/invitations', { email: joinerEmail, role: 'agent' });
    const mail = await t.mailbox.waitFor(joinerEmail, /invited/);
    const token = /invitation\?token=([\w-]+)/.exec(mail.text)![1]!;
    let joinerId = '';
    // The person joining is the actor of their own joining.
    await change(owner, 'member.joined', 'the target', async () => {
      const res = await t.request({
        url: '/invitations/accept',
        body: { token, name: 'Joiner', password: 'Joiner-pass-42' },
      });
      expect(res.status, res.text).toBe(200);
      joinerId = res.body.data.user.id;
      return { type: 'member', id: joinerId };
    });
    await change(owner, 'member.role_changed', owner, async () => {
      await call(owner, `/members/${joinerId}`, { role: 'admin' }, 'PATCH');
      return { type: 'member', id: joinerId };
    });
    const leaver = await createMember(t, owner, 'viewer');
    await change(owner, 'member.removed', owner, async () => {
      await call(owner, `/members/${leaver.accountId}`, undefined, 'DELETE');
      return { type: 'member', id: leaver.accountId };
    });
    await change(owner, 'seats.changed', platformAdmin, async () => {
      await call(platformAdmin, `/admin/businesses/${owner.businessId}/seats`, { seatLimit: 9 }, 'PATCH');
      return biz;
    });

    // --- The business: profile, verification, provider credentials, notification settings.
    const updated = await change(owner, 'business.updated', owner, async () => {
      await call(owner, '/business', { address: '1 Marina, Lagos', industry: 'Retail' }, 'PATCH');
      return biz;
    });
    expect(updated.details).toMatchObject({ fields: ['address', 'industry'] });
    const charging = await change(owner, 'business.charging_changed', owner, async () => {
      const res = await t.request({
        method: 'PUT',
        url: '/business/charging',
        token: owner.accessToken,
        body: { chargeOnDelivery: true },
      });
      expect(res.status, res.text).toBe(200);
      return biz;
    });
    expect(charging.details).toMatchObject({ chargeOnDelivery: true });
    const credentials = await change(owner, 'provider.credentials_saved', owner, async () => {
      await call(owner, '/business/provider', {
        provider: 'gateway',
        wabaNumber: uniquePhone(),
        providerHSMID: 'hsm-user',
        providerHSMPassword: 'a-secret-password',
        providerDashboardLogin: 'dash',
      });
      return biz;
    });
    expect(credentials.details).toMatchObject({
      provider: 'gateway',
      first: true,
      secretsSet: ['providerHSMPassword'],
    });
    // Names of fields, never a value.
    expect(JSON.stringify(credentials.details)).not.toContain('a-secret-password');
    expect(JSON.stringify(credentials.details)).not.toContain('hsm-user');
    // A business not yet verified submits its profile for review.
    const fresh = await createUser(t);
    await change(fresh, 'business.verification_submitted', fresh, async () => {
      await call(fresh, '/business/verification', {});
      return { type: 'business', id: fresh.businessId };
    });
    await change(owner, 'notification_settings.updated', owner, async () => {
      const current = await call(owner, '/notifications/settings');
      const [key] = Object.keys(current.body.data);
      await call(
        owner,
        '/notifications/settings',
        { [key!]: current.body.data[key!] === 'true' ? 'false' : 'true' },
        'PATCH',
      );
    });
    await change(owner, 'inbox_assignment.updated', owner, async () => {
      const res = await t.request({
        method: 'PUT',
        url: '/inbox/assignment',
        token: owner.accessToken,
        body: { mode: 'round_robin', capacity: 5 },
      });
      expect(res.status, res.text).toBe(200);
      return { type: 'business', id: owner.businessId };
    });

    // --- Templates (a gateway business declares them approved).
    const template = await change(owner, 'template.created', marketer, async () => {
      const res = await call(marketer, '/templates', templateInput(`audit_${Date.now()}`, 0));
      return { type: 'template', id: res.body.data.id };
    });
    await change(owner, 'template.deleted', marketer, async () => {
      await call(marketer, `/templates/${template.targetId}`, undefined, 'DELETE');
      return { type: 'template', id: template.targetId! };
    });

    // --- Contacts.
    const contact = await change(owner, 'contact.created', marketer, async () => {
      const res = await call(marketer, '/contacts', {
        firstName: 'Ada',
        lastName: 'Obi',
        phoneNumber: uniquePhone(),
      });
      return { type: 'contact', id: res.body.data.id };
    });
    await change(owner, 'contact.updated', marketer, async () => {
      await call(marketer, `/contacts/${contact.targetId}`, { firstName: 'Adaeze' }, 'PATCH');
      return { type: 'contact', id: contact.targetId! };
    });
    await change(owner, 'contact.deleted', marketer, async () => {
      await call(marketer, `/contacts/${contact.targetId}`, undefined, 'DELETE');
      return { type: 'contact', id: contact.targetId! };
    });
    const doomed = await createContacts(t, owner.businessId, 2);
    const bulk = await change(owner, 'contacts.deleted', marketer, async () => {
      await call(marketer, '/contacts/bulk-delete', { ids: doomed.map((c) => c.id) });
    });
    expect(bulk.details).toEqual({ deleted: 2, requested: 2 });
    const imported = await change(owner, 'contacts.imported', marketer, async () => {
      await call(marketer, '/contacts/import', {
        contacts: [
          { phoneNumber: uniquePhone(), firstName: 'In', lastName: 'Ported' },
          { phoneNumber: 'bad' },
        ],
      });
    });
    expect(imported.details).toMatchObject({ source: 'rows', imported: 1, failed: 1 });
    const storage = t.deps.storage as LocalStorageAdapter;
    const key = `${owner.businessId}/people.csv`;
    await storage.write(key, Buffer.from(`phoneNumber,firstName,lastName\n${uniquePhone()},File,Person\n`));
    const { fileUrl } = await storage.presignUpload({ key, contentType: 'text/csv', maxBytes: 1 << 20 });
    const fromFile = await change(owner, 'contacts.imported', marketer, async () => {
      await call(marketer, '/contacts/import-file', { fileUrl });
    });
    expect(fromFile.details).toMatchObject({ source: 'file', fileName: 'people.csv', imported: 1 });
    await createContacts(t, owner.businessId, 4);
    const exported = await change(owner, 'contacts.exported', marketer, async () => {
      await call(marketer, '/contacts/export?format=csv');
    });
    expect(exported.details).toMatchObject({ format: 'csv' });
    expect(exported.details.count).toBeGreaterThanOrEqual(4);

    // --- Contact fields (owner: contact-fields:manage) and segments (a marketer: contacts:write).
    const field = await change(owner, 'contact_field.created', owner, async () => {
      const res = await call(owner, '/contact-fields', { key: 'city', label: 'City', type: 'text' });
      return { type: 'contact_field', id: res.body.data.id };
    });
    await change(owner, 'contact_field.updated', owner, async () => {
      await call(owner, `/contact-fields/${field.targetId}`, { label: 'Town' }, 'PATCH');
      return { type: 'contact_field', id: field.targetId! };
    });
    const segment = await change(owner, 'segment.created', marketer, async () => {
      const filter = { match: 'all', conditions: [{ on: 'field', key: 'city', op: 'isEmpty' }] };
      const res = await call(marketer, '/segments', { name: 'No city', filter });
      return { type: 'segment', id: res.body.data.id };
    });
    await change(owner, 'segment.updated', marketer, async () => {
      await call(marketer, `/segments/${segment.targetId}`, { name: 'Without a city' }, 'PATCH');
      return { type: 'segment', id: segment.targetId! };
    });
    const tagged = await change(owner, 'contacts.tagged', marketer, async () => {
      await call(marketer, '/contacts/bulk-tag', { tags: ['nocity'], segmentId: segment.targetId });
    });
    expect(tagged.details).toMatchObject({ tags: ['nocity'], segmentId: segment.targetId });
    await change(owner, 'segment.deleted', marketer, async () => {
      await call(marketer, `/segments/${segment.targetId}`, undefined, 'DELETE');
      return { type: 'segment', id: segment.targetId! };
    });
    await change(owner, 'contact_field.deleted', owner, async () => {
      await call(owner, `/contact-fields/${field.targetId}`, undefined, 'DELETE');
      return { type: 'contact_field', id: field.targetId! };
    });

    // --- Campaigns: a draft, edited, published (being delivered: no dispatcher runs), paused, resumed,
    // retried; a scheduled one cancelled; a draft deleted; an A/B test's winner chosen.
    await setMessagingCredentials(t, owner.businessId);
    const draftBody = {
      name: 'Audit walk',
      message: 'Hello {{firstName}}',
      sendToAllContact: true,
      isScheduled: false,
    };
    const draft = await change(owner, 'campaign.created', marketer, async () => {
      const res = await call(marketer, '/campaigns', draftBody);
      return { type: 'campaign', id: res.body.data.id };
    });
    const id = draft.targetId!;
    const edited = await change(owner, 'campaign.updated', marketer, async () => {
      await call(marketer, `/campaigns/${id}`, { description: 'for the audit' }, 'PATCH');
      return { type: 'campaign', id };
    });
    expect(edited.details).toMatchObject({ name: 'Audit walk', fields: ['description'] });
    await change(owner, 'campaign.published', marketer, async () => {
      await call(marketer, `/campaigns/${id}/publish`, { paymentMethod: 'credit' });
      return { type: 'campaign', id };
    });
    await change(owner, 'campaign.paused', marketer, async () => {
      await call(marketer, `/campaigns/${id}/pause`, {});
      return { type: 'campaign', id };
    });
    // Pausing a paused campaign changes nothing: no entry.
    await call(marketer, `/campaigns/${id}/pause`, {});
    expect(await entriesOf(t, owner, 'campaign.paused')).toHaveLength(1);
    await change(owner, 'campaign.resumed', marketer, async () => {
      await call(marketer, `/campaigns/${id}/resume`, {});
      return { type: 'campaign', id };
    });
    await t.db.execute(sql`
      UPDATE campaign_messages SET status = 'failed', failure_outcome = 'retry', failed_at = now(),
        error = 'gave up after 3 attempts'
      WHERE id = (SELECT id FROM campaign_messages WHERE campaign_id = ${id} LIMIT 1)`);
    const retried = await change(owner, 'campaign.retried', marketer, async () => {
      await call(marketer, `/campaigns/${id}/retry`, {});
      return { type: 'campaign', id };
    });
    expect(retried.details).toMatchObject({ messages: 1 });
    // Nothing left to retry: no entry.
    await call(marketer, `/campaigns/${id}/retry`, {});
    expect(await entriesOf(t, owner, 'campaign.retried')).toHaveLength(1);

    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    let scheduledId = '';
    await change(owner, 'campaign.cancelled', marketer, async () => {
      const res = await call(marketer, '/campaigns', {
        ...draftBody,
        name: 'Scheduled',
        isScheduled: true,
        scheduledAt: later,
        paymentMethod: 'credit',
      });
      scheduledId = res.body.data.id;
      await call(marketer, `/campaigns/${scheduledId}/cancel`, {});
      return { type: 'campaign', id: scheduledId };
    });
    await change(owner, 'campaign.deleted', marketer, async () => {
      await call(marketer, `/campaigns/${scheduledId}`, undefined, 'DELETE');
      return { type: 'campaign', id: scheduledId };
    });
    const ab = await call(marketer, '/campaigns', {
      ...draftBody,
      name: 'A/B',
      variants: [
        { name: 'A', message: 'A: 20% off' },
        { name: 'B', message: 'B: two for one' },
      ],
      abTest: { testShare: 0.5, metric: 'readRate', decideAfterMinutes: 240 },
      paymentMethod: 'credit',
    });
    const winner = await change(owner, 'campaign.winner_chosen', marketer, async () => {
      await call(marketer, `/campaigns/${ab.body.data.id}/winner`, { variant: 'B' });
      return { type: 'campaign', id: ab.body.data.id };
    });
    expect(winner.details).toMatchObject({ variant: 'B' });

    // --- The wallet: a checkout the owner starts; its completion by the provider's webhook is the owner's.
    let reference = '';
    const started = await change(owner, 'wallet.checkout_started', owner, async () => {
      const res = await call(owner, '/payments/credit-link', { totalCredit: 100 });
      reference = res.body.data.reference;
      return { type: 'transaction', id: res.body.data.transactionId };
    });
    expect(started.details).toMatchObject({ kind: 'credit_purchase', reference, credits: '100' });
    const completed = await change(owner, 'wallet.purchase_completed', owner, async () => {
      paymentSim.pay(reference);
      await postSignedEvent(t, paymentSim, paymentSim.chargeSuccess(reference));
      await expect
        .poll(async () => (await entriesOf(t, owner, 'wallet.purchase_completed')).length, {
          timeout: 10_000,
        })
        .toBe(1);
      return { type: 'transaction', id: started.targetId! };
    });
    expect(completed.details).toMatchObject({ via: 'webhook', reference });

    // --- An API key made, rotated and revoked by the owner: entries name it, never hold it.
    let keyId = '';
    const made = await change(owner, 'api_key.created', owner, async () => {
      const res = await call(owner, '/api-keys', { name: 'Shop sync', scopes: ['contacts:write'] });
      keyId = res.body.data.id;
      return { type: 'api_key', id: keyId };
    });
    expect(JSON.stringify(made.details)).not.toMatch(/wak_/);
    await change(owner, 'api_key.rotated', owner, async () => {
      await call(owner, `/api-keys/${keyId}/rotate`, { overlapHours: 1 });
      return { type: 'api_key', id: keyId };
    });
    await change(owner, 'api_key.revoked', owner, async () => {
      await call(owner, `/api-keys/${keyId}`, undefined, 'DELETE');
      return { type: 'api_key', id: keyId };
    });

    // --- Handing over ownership, last: the old owner reads on as an admin.
    await change(owner, 'ownership.transferred', owner, async () => {
      await call(owner, '/members/transfer-ownership', { accountId: joinerId, password: owner.password });
      return { type: 'member', id: joinerId };
    });

    // --- A Cloud API business synchronises its templates from the provider.
    const cloud = await cloudBusiness(t, graph.sim);
    await call(cloud.user, '/templates', templateInput(`cloud_${Date.now()}`, 1));
    const synced = await change(cloud.user, 'templates.synced', cloud.user, async () => {
      await call(cloud.user, '/templates/sync', {});
    });
    expect(synced.details).toMatchObject({ total: 1 });
    const submitted = await entriesOf(t, cloud.user, 'template.created');
    expect(submitted[0]!.details).toMatchObject({ submitted: true, status: 'PENDING' });

    // Every action is walked, or named above with the file that walks it.
    const expected = AUDIT_ACTIONS.filter((a) => !(a in WALKED_ELSEWHERE));
    expect([...seen].sort()).toEqual([...expected].sort());
  });
});

describe('a change that fails leaves no entry', () => {
  const t = useTestApp();

  it('refused input: no change, no entry', async () => {
    const owner = await createUser(t, { countryCode: 'NG' });
    const refused = await t.request({
      url: '/contacts',
      token: owner.accessToken,
      body: { firstName: 'No', lastName: 'Phone', phoneNumber: 'not a phone' },
    });
    expect(refused.status).toBe(400);
    const bad = await t.request({
      method: 'PATCH',
      url: '/business',
      token: owner.accessToken,
      body: { noOfEmployees: -5 },
    });
    expect(bad.status).toBe(400);
    const log = await t.request({ url: '/audit-log', token: owner.accessToken });
    expect(log.body.data.items).toEqual([]);
  });

  it('a rollback after the entry was written takes the entry with it (same transaction)', async () => {
    // Created and published at once, with nobody to send to: the draft and its `campaign.created` entry are
    // written, then the publish refuses and the transaction rolls both back.
    const owner = await createUser(t, { businessVerified: 'accepted', credits: '100' });
    await setMessagingCredentials(t, owner.businessId);
    const res = await t.request({
      url: '/campaigns',
      token: owner.accessToken,
      body: {
        name: 'Nobody',
        message: 'Hi',
        sendToAllContact: true,
        isScheduled: false,
        paymentMethod: 'credit',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('no recipients');
    const log = await t.request({ url: '/audit-log', token: owner.accessToken });
    expect(log.body.data.items).toEqual([]);
  });

  it('an entry that cannot be written undoes its change: the import and its entry commit together', async () => {
    const owner = await createUser(t, { countryCode: 'NG' });
    // The log refuses this one action: the import that writes it must import nothing.
    await t.db.execute(sql`
      CREATE FUNCTION refuse_import_entry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused'; END $$`);
    await t.db.execute(sql`
      CREATE TRIGGER refuse_import_entry BEFORE INSERT ON audit_log
      FOR EACH ROW WHEN (NEW.action = 'contacts.imported') EXECUTE FUNCTION refuse_import_entry()`);
    try {
      const res = await t.request({
        url: '/contacts/import',
        token: owner.accessToken,
        body: { contacts: [{ phoneNumber: uniquePhone(), firstName: 'Never', lastName: 'There' }] },
      });
      expect(res.status).toBe(500);
      expect(await t.db.select().from(contacts).where(eq(contacts.businessId, owner.businessId))).toEqual([]);
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_import_entry ON audit_log`);
      await t.db.execute(sql`DROP FUNCTION refuse_import_entry()`);
    }
    // Without the refusal the same import goes in, with its entry.
    const res = await t.request({
      url: '/contacts/import',
      token: owner.accessToken,
      body: { contacts: [{ phoneNumber: uniquePhone(), firstName: 'Now', lastName: 'There' }] },
    });
    expect(res.body.data.imported).toBe(1);
    const log = await t.request({ url: '/audit-log?action=contacts.imported', token: owner.accessToken });
    expect(log.body.data.items).toHaveLength(1);
  });
});
