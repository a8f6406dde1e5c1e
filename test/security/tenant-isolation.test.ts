/**
 * Tenant isolation, derived from `/openapi.json`:
 * - every operation with a path parameter (`{id}`, `{code}`) has a row in ./support/path-routes.ts saying
 *   what the parameter names. For a tenant's resource, business A creates it, business B calls the route
 *   with its id: 404 in the error envelope, nothing of A's in the answer, and the resource read back from
 *   the database unchanged; then A calls it and is served (the factory made the right thing). Global
 *   resources (plans, exchange rates) and administration routes say so in their row.
 * - every id a body carries (a UUID field, an array of them, a payment `reference`) has a row in BODY_IDS:
 *   B sends A's id there; A's resource is untouched (a contact: no message queued to it) and so is B's wallet.
 * - every tenant read without a path parameter (a GET that a business may call: lists, summaries) is
 *   called by A and by B: neither answer contains anything of the other's (ids, names, numbers), with every
 *   `search` a list takes set to the other's names too; each row of LISTS names what the owner must see, so
 *   a list that shows nothing cannot pass for an isolated one.
 *
 * A route, field or read without a row fails; a row without one fails too. Adding one is a line in
 * ./support/path-routes.ts (`'GET /contacts/{id}': tenant(contact),`), BODY_IDS or LISTS below (the kinds of
 * LISTS are the marker kinds of ./support/tenant-fixture.ts: account, business, campaign, contact,
 * notification, ticket, upload, wabaNumber, setting, wallet, creditGrant, commission, userPlan, bankAccount,
 * referral).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorageAdapter } from '../../src/platform/storage/local.adapter.js';
import { createUser, type TestUser, walletOf } from '../factories.js';
import { createTestApp, type TestResponse } from '../harness.js';
import { fillPath, loadOperations, type Operation, tableMismatch } from './support/operations.js';
import { PATH_ROUTES } from './support/path-routes.js';
import {
  account,
  bankAccount,
  business,
  campaign,
  contact,
  conversation,
  payment,
  type Resource,
  segment,
  template,
  upload,
} from './support/resources.js';
import { idFields, objectSchema, validValue } from './support/schema-values.js';
import { allMarkers, seedTenant, type Tenant } from './support/tenant-fixture.js';

interface ListRow {
  /** Marker kinds the owner's own answer must contain. Empty for global data (no tenant's items). */
  shows: string[];
  /** A check of the caller's own figures (counts, sums) that another tenant's items would change. */
  // biome-ignore lint/suspicious/noExplicitAny: a parsed envelope's data, asserted field by field
  own?: (data: any, tenant: Tenant) => void;
}
const shows = (...kinds: string[]): ListRow => ({ shows: kinds });
const global: ListRow = { shows: [] };

const LISTS: Record<string, ListRow> = {
  'GET /users/profile': shows('account'),
  'GET /auth/businesses': shows('business'),
  'GET /members': shows('account'),
  'GET /audit-log': shows('audit'),
  'GET /audit-log/export': shows('audit'),
  'GET /members/seats': { shows: [], own: (data) => expect(data.members).toBe(1) },
  'GET /members/invitations': global, // none in the fixture; another business's are refused in members.test.ts
  'GET /api-keys': global, // none in the fixture; another business's list is empty in api-keys.test.ts
  'GET /webhook-endpoints': global, // none in the fixture; another business's list is empty in webhook-endpoints.test.ts
  'GET /business': shows('business', 'wallet', 'userPlan'),
  'GET /campaigns': shows('campaign'),
  'GET /contacts': shows('contact'),
  'GET /contacts/export': shows('contact'),
  'GET /contacts/tags': global,
  'GET /contact-fields': global, // none in the fixture; another business's fields are unknown in contact-fields.test.ts
  'GET /segments': global, // none in the fixture; another business's list is empty in segments.test.ts // counts only; the own-business figures are checked in their tests
  'GET /analytics/overview': global, // figures only; other tenants' activity is excluded in their tests
  'GET /analytics/spend': global, // figures only; another business's spend is excluded in pricing-reports.test.ts
  'GET /campaigns/stats': { shows: [], own: (data, tenant) => expect(data.total).toBe(tenant.campaigns) },
  'GET /campaigns/qr-code': shows('wabaNumber'),
  'GET /notifications': shows('notification'),
  'GET /notifications/settings': shows('setting'),
  'GET /payments/wallet': shows('wallet'),
  'GET /payments/transactions': shows('creditGrant', 'commission'),
  'GET /payments/credit-pricing': global, // the global rates
  'GET /plans': global, // the plan catalogue
  'GET /pricing/prices': global, // the rate card's selling prices, the same for everyone
  'GET /plans/my-plan': shows('userPlan'),
  'GET /tickets': shows('ticket'),
  'GET /templates': shows('template'),
  'GET /conversations': shows('conversation'),
  // The business's own settings (the fixture sets none); another's are not read: conversations-assignment.test.ts.
  'GET /inbox/assignment': global,
  // The fixture has no rules, hours or settings; another tenant's rule is a 404 in automation.test.ts.
  'GET /automation/rules': global,
  'GET /automation/business-hours': global,
  'GET /automation/settings': global,
  'GET /conversations/unread': {
    shows: [],
    own: (data) => expect(data.conversations).toBe(1),
  },
  'GET /upload': shows('upload'),
  'GET /affiliate/referrals': shows('referral'),
  'GET /affiliate/earnings': {
    shows: [],
    own: (data, tenant) => expect(data.totalEarned).toBe(tenant.earnedNGN),
  },
  'GET /affiliate/transactions': shows('commission'),
  'GET /affiliate/banks': global, // the payment provider's bank list
  'GET /affiliate/bank-accounts': shows('bankAccount'),
  'GET /affiliate/bank-accounts/verify': global, // a lookup at the payment provider
};

/**
 * Ids carried in a body, keyed `METHOD path field` (found by idFields: UUID fields and `reference`). A
 * tenant row: B sends A's id there and A's resource is untouched (read back), B's wallet too, and the
 * request is refused when `refused` says so. `after` is a request B makes next with the same path (publishing
 * a campaign that now names A's contacts).
 */
interface BodyIdRow {
  resource?: Resource;
  body?: (ids: Record<string, string>) => unknown;
  /** B's own resource named by the route's path. */
  path?: Resource;
  refused?: boolean;
  after?: { method: 'POST'; path: string; body: unknown };
  /** Global data (plans): nothing to isolate. */
  global?: true;
}

const publishNow = {
  name: 'Probe',
  message: 'Hi',
  sendToAllContact: true,
  isScheduled: false,
  paymentMethod: 'credit',
};

const BODY_IDS: Record<string, BodyIdRow> = {
  // Another business's owner is no member here: B's conversation cannot be assigned to it (422).
  'PUT /conversations/{id}/assignee assigneeId': {
    resource: account,
    path: conversation,
    body: ({ id }) => ({ assigneeId: id }),
    refused: true,
  },
  // Another business's member cannot be handed the business (nor is the caller's business changed).
  'POST /members/transfer-ownership accountId': {
    resource: account,
    body: ({ id }) => ({ accountId: id, password: 'Correct-Horse-9' }),
    refused: true,
  },
  // Another business's id does not let an account act for it.
  'POST /auth/switch-business businessId': {
    resource: business,
    body: ({ id }) => ({ businessId: id }),
    refused: true,
  },
  'POST /affiliate/withdraw bankAccountId': {
    resource: bankAccount,
    body: ({ id }) => ({ bankAccountId: id, amount: 50 }),
    refused: true,
  },
  'POST /campaigns selectedContactId': {
    resource: contact,
    body: ({ id }) => ({ ...publishNow, sendToAllContact: false, selectedContactId: [id] }),
    refused: true,
  },
  'PATCH /campaigns/{id} selectedContactId': {
    resource: contact,
    path: campaign,
    body: ({ id }) => ({ sendToAllContact: false, selectedContactId: [id] }),
    after: { method: 'POST', path: '/campaigns/{id}/publish', body: { paymentMethod: 'credit' } },
  },
  // Another business's template cannot be named by a campaign.
  'POST /campaigns templateId': {
    resource: template,
    body: ({ id }) => ({ ...publishNow, templateId: id, templateParameters: { body: [] } }),
    refused: true,
  },
  // A reply cannot be sent as another business's template.
  'POST /conversations/{id}/messages templateId': {
    resource: template,
    path: conversation,
    body: ({ id }) => ({ templateId: id, templateParameters: { body: [] } }),
    refused: true,
  },
  'PATCH /campaigns/{id} templateId': {
    resource: template,
    path: campaign,
    body: ({ id }) => ({ templateId: id }),
    refused: true,
  },
  // Another business's contact ids select nobody (the estimate counts only the caller's contacts).
  'POST /campaigns/estimate selectedContactId': { global: true },
  // A retarget audience may name only a campaign of the caller's own business.
  'POST /campaigns audience': {
    resource: campaign,
    body: ({ id }) => ({
      ...publishNow,
      sendToAllContact: false,
      audience: { fromCampaign: id, outcome: 'read' },
    }),
    refused: true,
  },
  'PATCH /campaigns/{id} audience': {
    resource: campaign,
    path: campaign,
    body: ({ id }) => ({ sendToAllContact: false, audience: { fromCampaign: id, outcome: 'read' } }),
    refused: true,
  },
  'POST /campaigns/estimate audience': {
    resource: campaign,
    body: ({ id }) => ({ audience: { fromCampaign: id, outcome: 'delivered-not-read' } }),
    refused: true,
  },
  // The estimate prices by a template of the caller's own business only (docs/api.md "Campaigns").
  'POST /campaigns/estimate templateId': {
    resource: template,
    body: ({ id }) => ({ sendToAllContact: true, templateId: id }),
    refused: true,
  },
  'POST /payments/verify reference': {
    resource: payment,
    body: ({ reference }) => ({ reference }),
    refused: true,
  },
  'POST /payments/plan-link planId': { global: true },
  'POST /contacts/bulk-delete ids': { resource: contact, body: ({ id }) => ({ ids: [id] }) },
  // Another business's segment tags nothing (404); its contacts are untouched.
  'POST /contacts/bulk-tag segmentId': {
    resource: segment,
    body: ({ id }) => ({ tags: ['mallory'], segmentId: id }),
    refused: true,
  },
  // A stored contacts CSV of A's, named by its URL: importing it would copy A's contacts to B.
  'POST /contacts/import-file fileUrl': {
    resource: upload,
    body: ({ url }) => ({ fileUrl: url }),
    refused: true,
  },
  // Not an id field, but it names a stored file: confirming another business's file must not adopt it.
  'POST /upload/confirm url': {
    resource: upload,
    body: ({ url }) => ({ url, fileName: 'adopted.csv' }),
    refused: true,
  },
};

const storage = new LocalStorageAdapter(
  mkdtempSync(path.join(tmpdir(), 'tenants-')),
  'http://127.0.0.1:4000',
  's',
  60,
);
const t = await createTestApp({ ports: { storage } });
afterAll(() => t.close());
const operations = await loadOperations(t);

const withPathParams = operations.filter((op) => op.pathParams.length > 0);
const bodyIds = operations.flatMap((op) =>
  idFields(op.body).map((field) => ({ op, key: `${op.key} ${field}` })),
);
/** Rows of BODY_IDS for fields idFields does not find (a URL naming a stored file), run as well. */
const extraBodyRows = Object.keys(BODY_IDS)
  .filter((key) => !bodyIds.some((b) => b.key === key))
  .flatMap((key) => {
    const op = operations.find((o) => key.startsWith(`${o.key} `));
    return op ? [{ op, key }] : [];
  });
/** Reads a business may make that name no resource: everything it gets there is its own or global. */
const tenantReads = operations.filter(
  (op) =>
    op.method === 'GET' &&
    op.pathParams.length === 0 &&
    !op.access.some((a) => a === 'public' || a === 'admin' || a === 'superadmin'),
);

function leaked(res: TestResponse, other: Tenant): string[] {
  return allMarkers(other).filter((m) => res.text.includes(m));
}

describe('tenant isolation', () => {
  it('has a row for every route with a path parameter, and a route for every row', () => {
    expect(tableMismatch(withPathParams, Object.keys(PATH_ROUTES))).toEqual({
      withoutRow: [],
      withoutRoute: [],
    });
  });

  it('has a row for every id carried in a body, and a field for every row', () => {
    // Any body field may have a row (a URL naming a stored file, say); every id field must.
    const fields = new Set(
      operations.flatMap((op) =>
        Object.keys(objectSchema(op.body)?.properties ?? {}).map((f) => `${op.key} ${f}`),
      ),
    );
    expect({
      withoutRow: bodyIds.map((b) => b.key).filter((k) => !BODY_IDS[k]),
      withoutField: Object.keys(BODY_IDS).filter((k) => !fields.has(k)),
    }).toEqual({ withoutRow: [], withoutField: [] });
  });

  it('has a row for every tenant read, and a route for every row', () => {
    expect(tableMismatch(tenantReads, Object.keys(LISTS))).toEqual({ withoutRow: [], withoutRoute: [] });
  });

  describe('another business’s id', () => {
    let a: TestUser;
    let b: TestUser;
    let superadmin: TestUser;
    beforeAll(async () => {
      // B passes every guard, so only ownership can stop it; A can do everything with its own resources.
      a = (await seedTenant(t, 'a', 1, 100)).user;
      b = (await seedTenant(t, 'b', 1, 100)).user;
      superadmin = await createUser(t, { role: 'superadmin' });
    });

    const call = (op: Operation, params: Record<string, string>, user: TestUser, body?: unknown) =>
      t.request({
        method: op.method,
        url: fillPath(op.path, params),
        token: user.accessToken,
        ...(op.method === 'GET' ? {} : { body: body ?? {} }),
      });

    for (const op of withPathParams) {
      it.skipIf(!PATH_ROUTES[op.key])(op.key, async () => {
        const row = PATH_ROUTES[op.key]!;
        // An administration route names any business's resource: a fresh, pending one.
        const params = await row.resource.create(t, row.scope === 'tenant' ? a : await createUser(t));
        const before = JSON.stringify(await row.resource.read(t, params));
        const asB = await call(op, params, b, row.body);
        const where = `${op.key} as another business: ${asB.status} ${asB.text.slice(0, 300)}`;

        if (row.scope === 'global') {
          expect(asB.status, where).toBe(row.status);
          return;
        }
        expect(asB.status, where).toBe(row.scope === 'tenant' ? 404 : 403);
        expect(asB.body, where).toMatchObject({ status: 'failure', code: asB.status });
        expect(
          Object.values(params).filter((v) => asB.text.includes(v)),
          where,
        ).toEqual([]);
        expect(JSON.stringify(await row.resource.read(t, params)), `${where}: stored resource changed`).toBe(
          before,
        );

        const owner = row.scope === 'tenant' ? a : superadmin;
        const served = await call(op, params, owner, row.body);
        expect(served.status, `${op.key} as its owner: ${served.text.slice(0, 300)}`).toBeLessThan(300);
      });
    }
  });

  describe('another business’s id in a body', () => {
    let a: TestUser;
    let b: TestUser;
    beforeAll(async () => {
      a = (await seedTenant(t, 'a', 1, 100)).user;
      b = (await seedTenant(t, 'b', 1, 100)).user;
    });

    for (const { op, key } of [...bodyIds, ...extraBodyRows].filter((b) => !BODY_IDS[b.key]?.global)) {
      const row = BODY_IDS[key];
      it.skipIf(!row)(key, async () => {
        const ids = await row!.resource!.create(t, a);
        const pathParams = row!.path ? await row!.path.create(t, b) : {};
        const before = JSON.stringify(await row!.resource!.read(t, ids));
        const walletBefore = await walletOf(t, b.businessId);
        const res = await t.request({
          method: op.method,
          url: fillPath(op.path, pathParams),
          token: b.accessToken,
          body: row!.body!(ids),
        });
        const where = `${key} with another business's id: ${res.status} ${res.text.slice(0, 300)}`;
        expect(res.status, where).toBeLessThan(500);
        if (row!.refused) expect(res.status, where).toBeGreaterThanOrEqual(400);
        if (row!.after) {
          const next = await t.request({
            method: row!.after.method,
            url: fillPath(row!.after.path, pathParams),
            token: b.accessToken,
            body: row!.after.body,
          });
          expect(next.status, `${where}, then ${row!.after.path}: ${next.text.slice(0, 300)}`).toBeLessThan(
            500,
          );
        }
        expect(
          JSON.stringify(await row!.resource!.read(t, ids)),
          `${where}: A's ${row!.resource!.name} changed`,
        ).toBe(before);
        const walletAfter = await walletOf(t, b.businessId);
        expect([walletAfter.balance, walletAfter.earnings], where).toEqual([
          walletBefore.balance,
          walletBefore.earnings,
        ]);
      });
    }
  });

  describe('reads without an id', () => {
    let a: Tenant;
    let b: Tenant;
    beforeAll(async () => {
      // Different counts and sums, so a figure computed over both tenants shows.
      a = await seedTenant(t, 'a', 3, 700);
      b = await seedTenant(t, 'b', 1, 250);
    });

    const read = (op: Operation, tenant: Tenant, extra: Record<string, string> = {}) => {
      const query: Record<string, string> = {};
      for (const p of op.queryParams) if (p.required) query[p.name] = String(validValue(p.schema, p.name));
      if (op.queryParams.some((p) => p.name === 'pageSize')) query.pageSize = '100';
      return t.request({ url: op.path, token: tenant.user.accessToken, query: { ...query, ...extra } });
    };

    for (const op of tenantReads) {
      it.skipIf(!LISTS[op.key])(op.key, async () => {
        const row = LISTS[op.key]!;
        for (const [self, other] of [
          [a, b],
          [b, a],
        ] as const) {
          const res = await read(op, self);
          const where = `${op.key}: ${res.status} ${res.text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(300);
          expect(leaked(res, other), where).toEqual([]);
          for (const kind of row.shows) {
            const own = self.markers[kind]!;
            expect(
              own.some((m) => res.text.includes(m)),
              `${where}: the owner's ${kind} is missing`,
            ).toBe(true);
          }
          row.own?.(res.body.data, self);
          if (op.queryParams.some((p) => p.name === 'search')) {
            for (const term of other.searchable) {
              const searched = await read(op, self, { search: term });
              expect(leaked(searched, other), `${op.key}?search=${term}`).toEqual([]);
            }
          }
        }
      });
    }
  });
});
