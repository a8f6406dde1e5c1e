/**
 * The role matrix: every operation of `/openapi.json`, called by seven kinds of caller, answers 401/403
 * exactly as docs/api.md "Roles and access" says. The expectations below are written from that document,
 * not from the routes' `x-access`, so a guard that disagrees with the documentation fails here.
 *
 * "Allowed" means neither 401 nor 403 (an empty body's 400 or a random id's 404 is fine); "denied" is 401
 * for an anonymous caller and 403 for a signed-in one, in the error envelope. No answer is a 5xx.
 *
 * A route without a row fails, and so does a row without a route. To add a route, add one line to ACCESS:
 * `'METHOD /path': 'rule'`, the rule being the one docs/api.md gives (see RULES).
 *
 * The member roles are generated, not listed: every operation is called by an owner, an admin, a marketer, an
 * agent and a viewer of one business (its e-mail verified, accepted, affiliate: only the role can refuse) and
 * the expectation is derived from the operation's declared permission (`x-permission`) and the role map
 * (`ROLE_PERMISSIONS`). A member of another business calls every route whose path names a tenant's resource
 * with the first business's real one: never served, and the resource unchanged.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { openSession } from '../../src/modules/auth/index.js';
import {
  MEMBER_ROLES,
  type MemberRole,
  type Permission,
  ROLE_PERMISSIONS,
} from '../../src/platform/auth/permissions.js';
import { businessMembers } from '../../src/platform/db/schema/index.js';
import { SandboxPaymentAdapter } from '../../src/providers/payment/sandbox.adapter.js';
import { createUser, type TestUser, type UserOptions } from '../factories.js';
import { createTestApp, type TestResponse } from '../harness.js';
import { fillPath, loadOperations, type Operation, tableMismatch } from './support/operations.js';
import { PATH_ROUTES } from './support/path-routes.js';

const CALLERS = [
  'anonymous',
  'unverified',
  'business',
  'accepted',
  'affiliate',
  'admin',
  'superadmin',
] as const;
type Caller = (typeof CALLERS)[number];

/**
 * Each signed-in caller differs from a plain business in one respect, so each rule is tested on its own:
 * `unverified` has everything (accepted affiliate business) except a verified e-mail.
 */
const CALLER_OPTIONS: Record<Exclude<Caller, 'anonymous'>, UserOptions> = {
  unverified: { verified: false, businessVerified: 'accepted', affiliate: {} },
  business: {},
  accepted: { businessVerified: 'accepted' },
  affiliate: { affiliate: {} },
  admin: { role: 'admin' },
  superadmin: { role: 'superadmin' },
};

/** The access rules of docs/api.md "Roles and access", and the callers each one lets through. */
const RULES = {
  /** "none": public. */
  none: [...CALLERS],
  /** "auth": any signed-in caller. */
  auth: CALLERS.filter((c) => c !== 'anonymous'),
  /** Limited access before e-mail verification (rule 3): spends money or reaches people. */
  verifiedEmail: ['business', 'accepted', 'affiliate', 'admin', 'superadmin'],
  /** "auth, verified business" (rule 4: a business accepted by an administrator). */
  verifiedBusiness: ['unverified', 'accepted'],
  /** Both of the above: provider credentials, publishing. */
  'verifiedEmail+verifiedBusiness': ['accepted'],
  /** "affiliate-type business only" (rule 5). */
  affiliate: ['unverified', 'affiliate'],
  /** A withdrawal moves money: affiliate and limited access before e-mail verification. */
  'verifiedEmail+affiliate': ['affiliate'],
  /** "admin": admin or higher. */
  admin: ['admin', 'superadmin'],
  superadmin: ['superadmin'],
  /** "signature header": no bearer token opens it; checked with a signature below. */
  signature: [],
  /** Public, but only a valid refresh token in the body opens it: 401 to anyone without one. */
  refreshToken: [],
  /** A subscription handshake: only the configured verify token opens it, 403 to anyone without it. */
  verifyToken: [],
} satisfies Record<string, readonly Caller[]>;
type Rule = keyof typeof RULES;

interface Row {
  rule: Rule;
  /** A body that makes the service apply a stricter rule (publishing through `POST /campaigns`). */
  probe?: { body: unknown; rule: Rule };
}

const publishNow = {
  name: 'Probe',
  message: 'Hello',
  sendToAllContact: true,
  isScheduled: false,
  paymentMethod: 'credit',
};

const ACCESS: Record<string, Rule | Row> = {
  'GET /health': 'none',

  'GET /contacts': 'auth',
  'POST /contacts': 'auth',
  'GET /contacts/export': 'auth',
  'POST /contacts/import': 'auth',
  'POST /contacts/import-file': 'auth',
  'POST /contacts/bulk-delete': 'auth',
  'POST /contacts/bulk-tag': 'auth',
  'GET /contact-fields': 'auth',
  'POST /contact-fields': 'auth',
  'PATCH /contact-fields/{id}': 'auth',
  'DELETE /contact-fields/{id}': 'auth',
  'GET /segments': 'auth',
  'POST /segments': 'auth',
  'POST /segments/preview': 'auth',
  'GET /segments/{id}': 'auth',
  'GET /segments/{id}/count': 'auth',
  'PATCH /segments/{id}': 'auth',
  'DELETE /segments/{id}': 'auth',
  'GET /contacts/{id}': 'auth',
  'PATCH /contacts/{id}': 'auth',
  'DELETE /contacts/{id}': 'auth',

  'POST /auth/sign-up': 'none',
  'POST /auth/sign-in': 'none',
  'POST /auth/sign-out': 'auth',
  'POST /auth/set-password': 'auth',
  'POST /auth/refresh-token': 'refreshToken',
  'POST /auth/send-code': 'none',
  'POST /auth/verify-code': 'none',
  'POST /auth/check-email': 'none',
  'POST /auth/verify-email': 'auth',
  'POST /auth/forgot-password': 'none',
  'POST /auth/reset-password': 'none',
  'POST /auth/change-password': 'auth',
  'GET /auth/businesses': 'auth',
  'POST /auth/switch-business': 'auth',
  'GET /members': 'auth',
  'GET /members/seats': 'auth',
  'PUT /members/me/availability': 'auth',
  'PATCH /members/{id}': 'auth',
  'DELETE /members/{id}': 'auth',
  'POST /members/transfer-ownership': 'auth',
  'GET /members/invitations': 'auth',
  'POST /members/invitations': 'auth',
  'POST /members/invitations/{id}/resend': 'auth',
  'DELETE /members/invitations/{id}': 'auth',
  'POST /invitations/lookup': 'none',
  'POST /invitations/accept': 'none',
  'PATCH /admin/businesses/{id}/seats': 'admin',
  'GET /audit-log': 'auth',
  'GET /audit-log/export': 'auth',
  'GET /admin/businesses/{id}/audit-log': 'admin',
  'GET /api-keys': 'auth',
  'POST /api-keys': 'auth',
  'POST /api-keys/{id}/rotate': 'auth',
  'DELETE /api-keys/{id}': 'auth',
  'GET /webhook-endpoints': 'auth',
  'POST /webhook-endpoints': 'auth',
  'GET /webhook-endpoints/{id}': 'auth',
  'PATCH /webhook-endpoints/{id}': 'auth',
  'DELETE /webhook-endpoints/{id}': 'auth',
  'POST /webhook-endpoints/{id}/rotate-secret': 'auth',
  'POST /webhook-endpoints/{id}/test': 'auth',
  'GET /webhook-endpoints/{id}/deliveries': 'auth',
  'POST /webhook-endpoints/{id}/deliveries/{deliveryId}/replay': 'auth',
  'POST /oauth/identity-provider-sign-in': 'none',
  'GET /auth/identity-provider': 'none',

  'GET /users/profile': 'auth',
  'PATCH /users/profile': 'auth',
  'PATCH /users/email': 'auth',
  'DELETE /users/account': 'auth',
  'POST /users/email/undo': 'none',

  'GET /business': 'auth',
  'PATCH /business': 'auth',
  'PUT /business/charging': 'auth',
  'POST /business/verification': 'verifiedEmail',
  'POST /business/referral-code': 'affiliate',
  'POST /business/provider': 'verifiedEmail+verifiedBusiness',
  'POST /business/provider/check': 'verifiedEmail+verifiedBusiness',

  'GET /conversations': 'auth',
  'GET /conversations/unread': 'auth',
  'GET /conversations/{id}': 'auth',
  'GET /conversations/{id}/messages': 'auth',
  'POST /conversations/{id}/messages': 'verifiedEmail+verifiedBusiness',
  'POST /conversations/{id}/read': 'auth',
  'PATCH /conversations/{id}': 'auth',
  'PUT /conversations/{id}/assignee': 'auth',
  'POST /conversations/{id}/take': 'auth',
  'POST /conversations/{id}/release': 'auth',
  'GET /inbox/assignment': 'auth',
  'PUT /inbox/assignment': 'auth',
  'GET /automation/rules': 'auth',
  'POST /automation/rules': 'auth',
  'GET /automation/rules/{id}': 'auth',
  'PATCH /automation/rules/{id}': 'auth',
  'DELETE /automation/rules/{id}': 'auth',
  'POST /automation/rules/{id}/enable': 'auth',
  'POST /automation/rules/{id}/disable': 'auth',
  'GET /automation/business-hours': 'auth',
  'PUT /automation/business-hours': 'auth',
  'GET /automation/settings': 'auth',
  'PUT /automation/settings': 'auth',
  'GET /templates': 'verifiedEmail+verifiedBusiness',
  'POST /templates': 'verifiedEmail+verifiedBusiness',
  'POST /templates/sync': 'verifiedEmail+verifiedBusiness',
  'GET /templates/{id}': 'verifiedEmail+verifiedBusiness',
  'DELETE /templates/{id}': 'verifiedEmail+verifiedBusiness',

  'GET /campaigns': 'auth',
  'POST /campaigns': { rule: 'auth', probe: { body: publishNow, rule: 'verifiedEmail+verifiedBusiness' } },
  'GET /campaigns/stats': 'auth',
  'GET /campaigns/qr-code': 'verifiedBusiness',
  'GET /campaigns/{id}': 'auth',
  'PATCH /campaigns/{id}': 'auth',
  'DELETE /campaigns/{id}': 'auth',
  'GET /campaigns/{id}/report': 'auth',
  'GET /campaigns/{id}/messages/export': 'auth',
  'POST /campaigns/estimate': 'auth',
  'GET /contacts/tags': 'auth',
  'GET /analytics/overview': 'auth',
  'GET /admin/analytics/overview': 'admin',
  'GET /analytics/spend': 'auth',
  'GET /admin/analytics/revenue': 'admin',
  'GET /campaigns/{id}/messages': 'auth', // an addition of the campaigns module (docs/decisions/campaigns.md)
  'POST /campaigns/{id}/publish': 'verifiedEmail+verifiedBusiness',
  'POST /campaigns/{id}/cancel': 'auth', // an addition of the campaigns module (docs/decisions/campaigns.md)
  // A/B variants (docs/decisions/campaigns.md): reading them as the report; choosing a winner sends messages.
  'GET /campaigns/{id}/variants': 'auth',
  'POST /campaigns/{id}/winner': 'verifiedEmail+verifiedBusiness',
  'POST /campaigns/{id}/pause': 'auth',
  'POST /campaigns/{id}/resume': 'verifiedEmail+verifiedBusiness', // resuming sends, as publish and retry
  'POST /admin/campaigns/{id}/resume': 'admin', // the override of resume's 409 on a number's low quality
  'GET /campaigns/{id}/retry': 'auth',
  'POST /campaigns/{id}/retry': 'verifiedEmail+verifiedBusiness',
  'PATCH /admin/businesses/{id}/messaging-limit': 'admin',

  'POST /upload/presigned-url': 'auth',
  'POST /upload/confirm': 'auth',
  'GET /upload': 'auth',
  'DELETE /upload/{id}': 'auth',

  'GET /payments/credit-pricing': 'auth',
  'POST /payments/credit-link': 'verifiedEmail',
  'POST /payments/plan-link': 'verifiedEmail',
  'POST /payments/verify': 'auth',
  'GET /payments/wallet': 'auth',
  'GET /payments/transactions': 'auth',
  'GET /pricing/prices': 'auth', // the rate card's selling prices (issue 38)

  'GET /plans': 'auth',
  'GET /plans/my-plan': 'auth',
  'GET /plans/{id}': 'auth',
  'GET /plans/admin/all': 'admin',
  'POST /plans/admin': 'admin',
  'PATCH /plans/admin/{id}': 'admin',
  'POST /plans/admin/{id}/deactivate': 'admin',

  'GET /exchange-rates/countries': 'none',
  'GET /exchange-rates': 'none',
  'POST /exchange-rates': 'admin',
  'GET /exchange-rates/{code}': 'none',
  'DELETE /exchange-rates/{code}': 'admin',

  'GET /notifications': 'auth',
  'GET /notifications/settings': 'auth',
  'PATCH /notifications/settings': 'auth',
  'POST /notifications/read-all': 'auth',
  'POST /notifications/{id}/read': 'auth',

  'GET /tickets': 'auth',
  'POST /tickets': 'auth',
  'GET /tickets/admin': 'admin',
  'PATCH /tickets/admin/{id}/status': 'admin',
  'GET /tickets/{id}': 'auth',
  'POST /tickets/{id}/comments': 'auth',

  'GET /affiliate/referrals': 'affiliate',
  'GET /affiliate/earnings': 'affiliate',
  'GET /affiliate/transactions': 'affiliate',
  'GET /affiliate/banks': 'affiliate', // an addition of the affiliate module: the bank list for `code`
  'GET /affiliate/bank-accounts': 'affiliate',
  'POST /affiliate/bank-accounts': 'affiliate',
  'GET /affiliate/bank-accounts/verify': 'affiliate',
  'POST /affiliate/withdraw': 'verifiedEmail+affiliate',

  'GET /admin/businesses': 'admin',
  'GET /admin/businesses/{id}': 'admin',
  'PATCH /admin/businesses/{id}/verify': 'admin',
  'POST /admin/businesses/{id}/promote-affiliate': 'admin',
  'DELETE /admin/businesses/{id}/waba-number': 'admin',
  'GET /admin/businesses/{id}/files': 'admin',
  'GET /admin/accounts': 'admin',
  'GET /admin/transactions': 'admin', // an addition of the payments module: flagged transactions to review
  'PATCH /admin/accounts/{id}/role': 'superadmin',
  'GET /admin/settings': 'admin',
  'POST /admin/settings': 'superadmin',
  'GET /admin/price-card': 'admin',
  'PUT /admin/price-card': 'admin',
  'DELETE /admin/price-card/{category}/{country}': 'admin',
  'GET /admin/price-card/history': 'admin',
  'GET /admin/price-card/export': 'admin',
  'POST /admin/price-card/import': 'admin',

  'POST /webhooks/payment-provider': 'signature',
  'POST /webhooks/messaging-provider': 'none',
  'POST /webhooks/messaging-provider/delivery-reports': 'none', // same token rule as the inbound callback
  'GET /webhooks/whatsapp-cloud': 'verifyToken', // the handshake: 403 without the verify token
  'POST /webhooks/whatsapp-cloud': 'signature',
};

const t = await createTestApp();
afterAll(() => t.close());
const operations = await loadOperations(t);

const rowOf = (key: string): Row => {
  const entry = ACCESS[key]!;
  return typeof entry === 'string' ? { rule: entry } : entry;
};

async function signedInCallers(): Promise<Record<Caller, TestUser | null>> {
  const out = { anonymous: null } as Record<Caller, TestUser | null>;
  for (const [caller, opts] of Object.entries(CALLER_OPTIONS))
    out[caller as Caller] = await createUser(t, opts);
  return out;
}

function call(op: Operation, user: TestUser | null, body?: unknown): Promise<TestResponse> {
  const url = op.path.replace(/\{\w+\}/g, () => randomUUID());
  return t.request({
    method: op.method,
    url,
    token: user?.accessToken,
    ...(op.method === 'GET' ? {} : { body: body ?? {} }),
  });
}

function expectOutcome(res: TestResponse, caller: Caller, allowed: boolean, rule: Rule, label: string) {
  const where = `${label} as ${caller} (${rule}): ${res.status} ${res.text.slice(0, 200)}`;
  expect(res.status, where).toBeLessThan(500);
  if (allowed) {
    expect([401, 403], where).not.toContain(res.status);
    return;
  }
  expect(res.status, where).toBe(
    rule === 'verifyToken'
      ? 403
      : caller === 'anonymous' || rule === 'signature' || rule === 'refreshToken'
        ? 401
        : 403,
  );
  expect(res.body, where).toMatchObject({ status: 'failure', code: res.status });
}

describe('access matrix of every operation of /openapi.json', () => {
  it('has a row for every operation, and an operation for every row', () => {
    expect(tableMismatch(operations, Object.keys(ACCESS))).toEqual({ withoutRow: [], withoutRoute: [] });
  });

  for (const op of operations) {
    it.skipIf(!ACCESS[op.key])(op.key, async () => {
      const row = rowOf(op.key);
      const users = await signedInCallers();
      for (const caller of CALLERS) {
        const allowed = (RULES[row.rule] as readonly Caller[]).includes(caller);
        expectOutcome(await call(op, users[caller]), caller, allowed, row.rule, op.key);
        if (row.probe) {
          const probeAllowed = (RULES[row.probe.rule] as readonly Caller[]).includes(caller);
          const res = await call(op, users[caller], row.probe.body);
          expectOutcome(
            res,
            caller,
            probeAllowed,
            row.probe.rule,
            `${op.key} ${JSON.stringify(row.probe.body)}`,
          );
        }
      }
    });
  }

  it('opens the payment webhook to a valid signature, whoever sends it, and to nothing else', async () => {
    const payment = t.deps.payment;
    expect(payment).toBeInstanceOf(SandboxPaymentAdapter);
    const payload = JSON.stringify({
      event: 'charge.success',
      data: { reference: `matrix-${randomUUID()}` },
    });
    const send = (signature?: string) =>
      t.request({
        url: '/webhooks/payment-provider',
        payload,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-payment-provider-signature': signature } : {}),
        },
      });
    expect((await send()).status).toBe(401);
    expect((await send('0'.repeat(128))).status).toBe(401);
    const signed = await send((payment as SandboxPaymentAdapter).sign(payload));
    expect(signed.status).toBe(200);
  });
});

/** Rules no bearer token opens or closes: a member's role changes nothing there. */
const TOKENLESS: Rule[] = ['signature', 'refreshToken', 'verifyToken'];

/**
 * One business whose e-mail-verified, accepted, affiliate owner has a member of every other role, each signed in
 * acting for it; and an admin of another business. Fresh per operation: some operations end their caller's
 * session or account.
 */
async function team(): Promise<{ members: Record<MemberRole, TestUser>; outsider: TestUser }> {
  const opts: UserOptions = { businessVerified: 'accepted', affiliate: {} };
  const owner = await createUser(t, opts);
  const members = { owner } as Record<MemberRole, TestUser>;
  for (const role of MEMBER_ROLES.filter((r) => r !== 'owner')) {
    const person = await createUser(t, opts);
    await t.db
      .insert(businessMembers)
      .values({ businessId: owner.businessId, accountId: person.accountId, role });
    const session = await openSession(t.db, t.deps.tokens, person.accountId, owner.businessId);
    members[role] = { ...person, ...session, businessId: owner.businessId };
  }
  const otherOwner = await createUser(t, opts);
  const outsiderAccount = await createUser(t, opts);
  await t.db
    .insert(businessMembers)
    .values({ businessId: otherOwner.businessId, accountId: outsiderAccount.accountId, role: 'admin' });
  const session = await openSession(t.db, t.deps.tokens, outsiderAccount.accountId, otherOwner.businessId);
  return { members, outsider: { ...outsiderAccount, ...session, businessId: otherOwner.businessId } };
}

/** What a member of `role` gets from an operation, from its rule and its declared permission only. */
function roleAllowed(op: Operation, role: MemberRole): boolean {
  // Administrators' routes: a business member is no platform administrator, whatever its role.
  if (op.access.some((g) => g === 'admin' || g === 'superadmin')) return false;
  if (!op.permission || op.permission === 'own-account') return true;
  return ROLE_PERMISSIONS[role].has(op.permission as Permission);
}

describe('access matrix of every operation for every member role', () => {
  it('every operation a member can reach declares a permission the role map knows', () => {
    const known = new Set<string>([...ROLE_PERMISSIONS.owner, 'own-account']);
    const unknown = operations.filter((op) => op.permission && !known.has(op.permission)).map((op) => op.key);
    expect(unknown).toEqual([]);
  });

  for (const op of operations) {
    const rule = ACCESS[op.key] ? rowOf(op.key).rule : undefined;
    it.skipIf(!rule || rule === 'none' || TOKENLESS.includes(rule))(`${op.key} by role`, async () => {
      const { members, outsider } = await team();
      for (const role of MEMBER_ROLES) {
        const allowed = roleAllowed(op, role);
        const res = await call(op, members[role]);
        const where = `${op.key} as ${role} (${op.permission ?? rule}): ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        if (allowed) expect([401, 403], where).not.toContain(res.status);
        else {
          expect(res.status, where).toBe(403);
          expect(res.body, where).toMatchObject({ status: 'failure', code: 403 });
          if (op.permission && op.permission !== 'own-account' && !op.access.includes('admin'))
            expect(res.body.message, where).toBe(
              `Your role in this business (${role}) does not allow ${op.permission}`,
            );
        }
      }

      // Another business's member, given this business's real resource: never served, nothing changes.
      const path = PATH_ROUTES[op.key];
      if (path?.scope === 'tenant') {
        const params = await path.resource.create(t, members.owner);
        const before = await path.resource.read(t, params);
        const res = await t.request({
          method: op.method,
          url: fillPath(op.path, params),
          token: outsider.accessToken,
          ...(op.method === 'GET' ? {} : { body: path.body ?? {} }),
        });
        const where = `${op.key} by another business's admin: ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, where).toBe(roleAllowed(op, 'admin') ? 404 : 403);
        expect(await path.resource.read(t, params), where).toEqual(before);
      }
    });
  }
});
