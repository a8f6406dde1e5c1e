/**
 * The permission model: one role → permission map, one declaration per route, one check in the guard. The
 * generated access matrix (test/security/access-matrix.test.ts) walks every operation with every role; this
 * file checks the model itself and that no route can go without a declaration.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  MEMBER_ROLES,
  type MemberRole,
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
} from '../../src/platform/auth/permissions.js';
import type { AuthContext } from '../../src/platform/auth/principal.js';
import { ForbiddenError } from '../../src/platform/http/errors.js';
import { assertDeclaresPermission, enforcePermission } from '../../src/platform/http/guards.js';
import { createTestApp } from '../harness.js';
import { loadOperations } from '../security/support/operations.js';

const t = await createTestApp();
afterAll(() => t.close());

const holds = (role: MemberRole) => [...ROLE_PERMISSIONS[role]].sort();
const without = (...left: Permission[]) => PERMISSIONS.filter((p) => !left.includes(p)).sort();

describe('the roles of a business', () => {
  it('owner holds every permission; admin all but handing over ownership and deleting the business', () => {
    expect(holds('owner')).toEqual([...PERMISSIONS].sort());
    expect(holds('admin')).toEqual(without('business:transfer', 'business:delete'));
  });

  it('marketer: contacts, templates, campaigns, results; no wallet purchases, no members, no inbox', () => {
    const marketer = ROLE_PERMISSIONS.marketer;
    for (const p of ['contacts:write', 'templates:write', 'campaigns:publish', 'reports:read'] as const)
      expect(marketer.has(p), p).toBe(true);
    for (const p of [
      'wallet:purchase',
      'members:read',
      'members:manage',
      'inbox:read',
      'provider:manage',
    ] as const)
      expect(marketer.has(p), p).toBe(false);
  });

  it('agent: the inbox and nothing of contacts, campaigns, wallet or members', () => {
    const agent = ROLE_PERMISSIONS.agent;
    for (const p of ['inbox:read', 'inbox:reply', 'inbox:update'] as const)
      expect(agent.has(p), p).toBe(true);
    for (const p of PERMISSIONS.filter((p) =>
      /^(contacts|campaigns|reports|wallet|members|provider):/.test(p),
    ))
      expect(agent.has(p), p).toBe(false);
  });

  it("inbox:assign (assigning any conversation to any member) is the owner's and the admin's only", () => {
    expect(MEMBER_ROLES.filter((r) => ROLE_PERMISSIONS[r].has('inbox:assign'))).toEqual(['owner', 'admin']);
  });

  it('webhooks and contact fields are the owner and admin; automation is managed by marketers and read by agents', () => {
    const holders = (p: Permission) => MEMBER_ROLES.filter((r) => ROLE_PERMISSIONS[r].has(p));
    expect(holders('webhooks:manage')).toEqual(['owner', 'admin']);
    expect(holders('contact-fields:manage')).toEqual(['owner', 'admin']);
    expect(holders('automation:manage')).toEqual(['owner', 'admin', 'marketer']);
    expect(holders('automation:read')).toEqual(['owner', 'admin', 'marketer', 'agent']);
  });

  it('viewer: reads reports and campaigns and changes nothing', () => {
    expect(holds('viewer')).toEqual([
      'business:read',
      'campaigns:read',
      'notifications:read',
      'reports:read',
    ]);
  });

  it('a role that may write campaigns may publish them (POST /campaigns publishes with a payment method)', () => {
    for (const role of MEMBER_ROLES)
      if (ROLE_PERMISSIONS[role].has('campaigns:write'))
        expect(ROLE_PERMISSIONS[role].has('campaigns:publish'), role).toBe(true);
  });
});

describe('the declaration on every route', () => {
  it('every operation acting on a business documents a known permission', async () => {
    const operations = await loadOperations(t);
    const undeclared = operations
      .filter((op) => !op.access.some((g) => ['public', 'admin', 'superadmin'].includes(g)))
      .filter((op) => !op.permission || ![...PERMISSIONS, 'own-account'].includes(op.permission))
      .map((op) => op.key);
    expect(undeclared).toEqual([]);
    // And the platform's own routes carry none: they do not act on the caller's business.
    const adminWithPermission = operations.filter((op) => op.access.includes('admin') && op.permission);
    expect(adminWithPermission.map((op) => op.key)).toEqual([]);
  });

  it('a route that forgets its permission stops the service from starting', () => {
    const route = (config: unknown) => ({ method: 'GET', url: '/api/v1/things', config });
    expect(() => assertDeclaresPermission(route({ apiObject: 'thing' }), true)).toThrow(
      'GET /api/v1/things declares no permission',
    );
    expect(() => assertDeclaresPermission(route({ auth: 'verifiedEmail' }), true)).toThrow();
    expect(() => assertDeclaresPermission(route({ permission: 'contacts:read' }), true)).not.toThrow();
    expect(() => assertDeclaresPermission(route({ auth: 'public' }), true)).not.toThrow();
    expect(() => assertDeclaresPermission(route({ auth: 'admin' }), true)).not.toThrow();
    expect(() => assertDeclaresPermission(route(undefined), false)).not.toThrow();
  });

  it('the guard refuses a permission the role lacks with 403, and lets the own account through', () => {
    const auth = (memberRole: MemberRole | null) =>
      ({ businessId: memberRole ? 'b' : null, memberRole }) as unknown as AuthContext;
    expect(() => enforcePermission('contacts:read', auth('agent'))).toThrow(ForbiddenError);
    expect(() => enforcePermission('contacts:read', auth('agent'))).toThrow(
      'Your role in this business (agent) does not allow contacts:read',
    );
    expect(() => enforcePermission('contacts:read', auth('marketer'))).not.toThrow();
    expect(() => enforcePermission('own-account', auth('viewer'))).not.toThrow();
    // No business: nothing to act on, the service's 404 answers (as before members existed).
    expect(() => enforcePermission('contacts:read', auth(null))).not.toThrow();
  });
});
