import type { FastifyRequest } from 'fastify';
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

/** The access token: `Authorization: Bearer` wins over the `token` cookie (docs/api.md "Authentication"). */
export function tokenFrom(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match ? match[1]! : null;
  }
  return req.cookies?.token || null;
}

export async function authenticate(db: Db, tokens: TokenService, token: string | null): Promise<AuthContext> {
  if (!token) throw new UnauthorizedError('Authentication required');
  let claims: Awaited<ReturnType<TokenService['verify']>>;
  try {
    claims = await tokens.verify(token, 'access');
  } catch (err) {
    if (err instanceof InvalidTokenError && err.reason === 'expired')
      throw new UnauthorizedError('Token expired');
    throw new UnauthorizedError('Invalid token');
  }
  const principal = await loadPrincipal(db, claims.sub, claims.sid);
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
