import { request } from 'undici';
import { type IdentityPort, type IdentityProfile, IdentityProviderError } from './identity.port.js';

export interface OAuthIdentityConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** For each of the two calls. */
  timeoutMs: number;
}

interface HttpAnswer {
  status: number;
  contentType: string;
  text: string;
}

/**
 * OAuth 2.0 authorisation-code sign-in (RFC 6749 §4.1.3, client_secret_post) followed by an OpenID
 * Connect user-info read (claims `sub`, `email`, `email_verified`, `name`, `picture`). Every failure is an
 * IdentityProviderError whose message says which step failed and why, without secrets.
 */
export class OAuthIdentityAdapter implements IdentityPort {
  constructor(private readonly cfg: OAuthIdentityConfig) {}

  async profileFromCode(code: string): Promise<IdentityProfile> {
    const accessToken = await this.exchange(code);
    return this.userInfo(accessToken);
  }

  private async exchange(code: string): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: this.cfg.clientId,
      client_secret: this.cfg.clientSecret,
      redirect_uri: this.cfg.redirectUri,
    });
    const res = await this.call('token exchange', this.cfg.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    const body = parseBody(res);
    if (res.status >= 400 || typeof body.error === 'string') {
      const reason = typeof body.error === 'string' ? body.error : `HTTP ${res.status}`;
      const detail = typeof body.error_description === 'string' ? ` (${body.error_description})` : '';
      throw new IdentityProviderError(
        res.status >= 500
          ? `Identity provider failed during token exchange: HTTP ${res.status}`
          : `Identity provider rejected the authorisation code: ${reason}${detail}`,
        res.status < 500 && reason === 'invalid_grant',
      );
    }
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new IdentityProviderError(
        'Identity provider answered the token exchange without an access token',
      );
    return body.access_token;
  }

  private async userInfo(accessToken: string): Promise<IdentityProfile> {
    const res = await this.call('user-info', this.cfg.userInfoUrl, {
      method: 'GET',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    if (res.status >= 400)
      throw new IdentityProviderError(`Identity provider refused the user-info request: HTTP ${res.status}`);
    const claims = parseBody(res);
    const subject = claims.sub;
    const email = claims.email;
    if ((typeof subject !== 'string' && typeof subject !== 'number') || String(subject) === '')
      throw new IdentityProviderError('Identity provider returned no subject (sub) for the user');
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email))
      throw new IdentityProviderError('Identity provider returned no e-mail address for the user');
    const name =
      str(claims.name) ??
      ([str(claims.given_name), str(claims.family_name)].filter(Boolean).join(' ') || email.split('@')[0]!);
    return {
      subject: String(subject),
      email: email.trim().toLowerCase(),
      // Some providers send the claim as a string.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: name.slice(0, 120),
      avatarUrl: str(claims.picture) ?? null,
    };
  }

  private async call(
    step: string,
    url: string,
    init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ): Promise<HttpAnswer> {
    try {
      const res = await request(url, {
        ...init,
        signal: AbortSignal.timeout(this.cfg.timeoutMs),
        headersTimeout: this.cfg.timeoutMs,
        bodyTimeout: this.cfg.timeoutMs,
      });
      const text = await res.body.text();
      const contentType = String(res.headers['content-type'] ?? '');
      return { status: res.statusCode, contentType, text };
    } catch (err) {
      const e = err as Error & { code?: string };
      const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError' || /Timeout/.test(e.code ?? '');
      throw new IdentityProviderError(
        timedOut
          ? `Identity provider did not answer the ${step} within ${this.cfg.timeoutMs} ms`
          : `Identity provider unreachable during ${step}: ${e.code ?? e.message}`,
      );
    }
  }
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** JSON, or the form encoding some providers still answer the token request with. */
function parseBody(res: HttpAnswer): Record<string, unknown> {
  if (res.contentType.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(res.text));
  try {
    const parsed: unknown = JSON.parse(res.text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    if (res.status >= 400) return {};
    throw new IdentityProviderError('Identity provider answered with something other than JSON');
  }
}
