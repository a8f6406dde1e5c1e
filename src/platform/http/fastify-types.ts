import type { RoutePermission } from '../auth/permissions.js';
import type { AuthContext, PrincipalReader } from '../auth/principal.js';
import type { Guard } from './guards.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Resource name in the envelope (`apiObject`). */
    apiObject?: string;
    /** Access rule; `auth` when omitted. */
    auth?: Guard | Guard[];
    /**
     * What the caller's role must allow in the business it acts for (`resource:action`), or `own-account` for a
     * route that acts only on the caller's own account. Required on every API route but the public and the
     * platform administrators' ones (src/platform/auth/permissions.ts).
     */
    permission?: RoutePermission;
    /**
     * The route acts as the member calling it (taking a conversation for oneself): an API key, which is no
     * member, is refused whatever its scopes.
     */
    personOnly?: boolean;
    /**
     * A public route that never reads the `token` cookie (the undo page's form, posted with `Origin: null`):
     * the cross-site guard, which protects what the cookie authenticates, does not apply to it.
     */
    ignoresCookie?: boolean;
    /** Form bodies (urlencoded) are parsed for this route; everywhere else they are a 415. */
    formBody?: boolean;
    /** Keep the raw body (as `request.rawBody`) for signature checks. */
    rawBody?: boolean;
    /** The route answers 200 to any body and reads it itself (a provider callback): no text check on it. */
    acceptsAnyBody?: boolean;
    /** The body is the request stream itself (uploads to the embedded storage): no text check on it. */
    streamsBody?: boolean;
    /** The route judges its body's text itself (an import reports such a row as failed): no text check on it. */
    checksOwnBodyText?: boolean;
    /**
     * The route creates or spends: an `Idempotency-Key` header makes its retries answer the first answer
     * instead of acting again (src/modules/idempotency).
     */
    idempotent?: boolean;
    /**
     * Reads the caller and what the route answers in one statement (a hot read: `GET /business`); the handler
     * finds the latter in `request.preloaded`. Callers with an API key are read as everywhere else.
     */
    readsWithPrincipal?: PrincipalReader;
  }
  interface FastifyRequest {
    /** The caller; set by the auth hook on every non-public route. */
    auth: AuthContext;
    /** What the route's `readsWithPrincipal` read beside the caller; undefined otherwise. */
    preloaded?: unknown;
    rawBody?: Buffer;
  }
}
