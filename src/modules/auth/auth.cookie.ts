import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../platform/auth/tokens.js';
import type { Config } from '../../platform/config.js';

export const AUTH_COOKIE = 'token';

const attributes = (config: Config) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: config.NODE_ENV === 'production',
});

/** The httpOnly `token` cookie (docs/api.md "Authentication"), living as long as the access token it carries. */
export function setAuthCookie(reply: FastifyReply, config: Config, accessToken: string): void {
  reply.setCookie(AUTH_COOKIE, accessToken, { ...attributes(config), maxAge: ACCESS_TOKEN_TTL_SECONDS });
}

export function clearAuthCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(AUTH_COOKIE, attributes(config));
}
