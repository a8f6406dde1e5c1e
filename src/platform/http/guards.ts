import type { FastifyRequest } from 'fastify';
import { keyScopeFor } from '../auth/api-key-scopes.js';
import { OWN_ACCOUNT, type RoutePermission, roleCan } from '../auth/permissions.js';
import { type AuthContext, isAdminRole, loadPrincipal } from '../auth/principal.js';
import { InvalidTokenError, type TokenService } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { ForbiddenError, UnauthorizedError } from './errors.js';

/**
 * Route-level access rules, declared as `config: { auth: ... }`. `public` needs nothing; every other guard
 * first needs a valid access token (401), then its own condition (403). An API route without `auth` is
 * `auth`: no API route is public by omission. Routes outside the API (docs, storage URLs) are public.
 */
export type Guard =
  | 'public'
  | 'auth'
  | 'verifiedEmail'
  | 'admin'
  | 'superadmin'
  | 'affiliate'
  | 'verifiedBusiness';

const checks: Record<Exclude<Guard, 'public' | 'auth'>, (a: AuthContext) => string | null> = {
  verifiedEmail: (a) => (a.verified ? null : 'Verify your e-mail address first'),
  admin: (a) => (isAdminRole(a.role) ? null : 'Administrator access required'),
  superadmin: (a) => (a.role === 'superadmin' ? null : 'Superadmin access required'),
  affiliate: (a) => (a.businessType === 'affiliate' ? null : 'Only affiliate businesses can do this'),
  verifiedBusiness: (a) =>
    a.businessVerified === 'accepted' ? null : 'Your business must be verified by an administrator first',
};

export function guardsOf(config: { auth?: Guard | Guard[] } | undefined, isApiRoute: boolean): Guard[] {
  const auth = config?.auth ?? (isApiRoute ? 'auth' : 'public');
  return Array.isArray(auth) ? auth : [auth];
}

/**
 * Guards that do not act on the caller's business (public routes, the platform administrators' routes): such a
 * route needs no permission. Every other API route declares one (`config.permission`), checked at start-up.
 */
const PLATFORM_GUARDS: readonly Guard[] = ['public', 'admin', 'superadmin'];

export function needsPermission(guards: Guard[], isApiRoute: boolean): boolean {
  return isApiRoute && !guards.some((g) => PLATFORM_GUARDS.includes(g));
}

/** The permission a route declares, `undefined` when it declares none. */
export function permissionOf(
  config: { permission?: RoutePermission } | undefined,
): RoutePermission | undefined {
  return config?.permission;
}

/**
 * Refuses a route that may act on a business but forgot to say which permission it needs: found when the
 * route is registered, so the service does not start with it.
 */
export function assertDeclaresPermission(
  route: { method: string | string[]; url: string; config?: unknown },
  isApiRoute: boolean,
): void {
  const config = route.config as { auth?: Guard | Guard[]; permission?: RoutePermission } | undefined;
  if (!needsPermission(guardsOf(config, isApiRoute), isApiRoute)) return;
  if (config?.permission === undefined)
    throw new Error(`${String(route.method)} ${route.url} declares no permission (config.permission)`);
}

/**
 * The access token or API key: `Authorization: Bearer` wins over the `token` cookie (docs/api.md
 * "Authentication").
 */
export function tokenFrom(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1]! : null;
  }
  // A cookie is a browser's session, never an API key: a key sent that way counts as no credential at all.
  const cookie = req.cookies?.token;
  return cookie && !isApiKeyToken(cookie) ? cookie : null;
}

/** What an API key looks like (`wak_<prefix>_<secret>`): such a bearer token never goes to the JWT check. */
export const isApiKeyToken = (token: string): boolean => token.startsWith('wak_');

/** Finds the caller an API key stands for; null when the key is unknown, tampered, expired or revoked. */
export type ApiKeyResolver = (token: string) => Promise<AuthContext | null>;

/**
 * The caller of a request: an access token (a person's session), or, where `apiKeys` is given (HTTP only),
 * an API key. Without a resolver (the real-time handshake) a key is refused: keys are for HTTP.
 */
export async function authenticate(
  db: Db,
  tokens: TokenService,
  token: string | null,
  apiKeys?: ApiKeyResolver,
  readPrincipal: (accountId: string, sessionId: string) => Promise<AuthContext | null> = (a, s) =>
    loadPrincipal(db, a, s),
): Promise<AuthContext> {
  if (!token) throw new UnauthorizedError('Authentication required');
  if (isApiKeyToken(token)) {
    if (!apiKeys) throw new UnauthorizedError('API keys are for HTTP requests; sign in to use this channel');
    const principal = await apiKeys(token);
    if (!principal) throw new UnauthorizedError('Invalid API key');
    return principal;
  }
  let claims: Awaited<ReturnType<TokenService['verify']>>;
  try {
    claims = await tokens.verify(token, 'access');
  } catch (err) {
    if (err instanceof InvalidTokenError && err.reason === 'expired')
      throw new UnauthorizedError('Token expired');
    throw new UnauthorizedError('Invalid token');
  }
  const principal = await readPrincipal(claims.sub, claims.sid);
  if (!principal) throw new UnauthorizedError('Session is no longer valid');
  return principal;
}

export function enforce(guards: Guard[], auth: AuthContext): void {
  for (const guard of guards) {
    if (guard === 'public' || guard === 'auth') continue;
    const problem = checks[guard](auth);
    if (problem) throw new ForbiddenError(problem);
  }
}

/**
 * The one check of a member's permission, on every route (after the guards): the caller's role in the business it
 * acts for must hold what the route declares. A caller acting for no business passes here and finds nothing to
 * act on (`businessOf`: 404), as before memberships.
 */
export function enforcePermission(permission: RoutePermission | undefined, auth: AuthContext): void {
  if (auth.apiKey) {
    enforceKeyScope(permission, auth.apiKey.scopes);
    return;
  }
  if (permission === undefined || permission === OWN_ACCOUNT || auth.memberRole === null) return;
  if (!roleCan(auth.memberRole, permission))
    throw new ForbiddenError(`Your role in this business (${auth.memberRole}) does not allow ${permission}`);
}

/**
 * An API key's check, instead of a role's: the route's permission maps to one scope the key must hold
 * (`KEY_SCOPE_OF`); a route mapped to none (members, keys, money, the caller's own account, platform
 * administration) is never open to a key, whatever it holds.
 */
export function enforceKeyScope(
  permission: RoutePermission | undefined,
  scopes: readonly string[],
  personOnly = false,
): void {
  if (personOnly)
    throw new ForbiddenError('API keys cannot call this operation: it acts as the member who calls it');
  const scope = keyScopeFor(permission);
  if (scope === null) throw new ForbiddenError('API keys cannot call this operation');
  if (!scopes.includes(scope)) throw new ForbiddenError(`This API key lacks the scope ${scope}`);
}
