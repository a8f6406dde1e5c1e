import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** The claims the user-info endpoint answers with for one person (OpenID Connect standard claims). */
export interface SimulatedUser {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  picture?: string;
}

type Answer = [status: number, body: unknown];

export interface TokenRequest {
  contentType: string;
  form: Record<string, string>;
}

/**
 * An OAuth 2.0 authorisation server on loopback: an authorisation page (a browser is sent there and comes
 * back to the redirect URI with a code, or with `error=access_denied` when the person cancels), a token
 * endpoint (authorisation-code grant, client_secret_post) and an OpenID Connect user-info endpoint, strict
 * about what a real one checks. A test registers a code for a person (or the person the page signs in), the
 * service exchanges it, and the test reads what arrived.
 */
export class IdentityProviderSimulator {
  readonly clientId = 'sim-client';
  readonly clientSecret = 'sim-secret';
  /** The person the authorisation page offers to sign in as (a browser test sets it). */
  signedInUser: SimulatedUser | null = null;

  /** Registered with the client; a browser test points it at its console's callback before starting. */
  redirectUri = 'http://127.0.0.1:4000/oauth/callback';
  /** What the token endpoint received, in order. */
  readonly tokenRequests: TokenRequest[] = [];
  readonly userInfoAuthorizations: string[] = [];
  /** `down`: both endpoints answer 503; `hang`: they never answer; `userinfo-down`: only user-info fails. */
  mode: 'up' | 'down' | 'hang' | 'userinfo-down' = 'up';
  private readonly codes = new Map<string, SimulatedUser>();
  private readonly accessTokens = new Map<string, SimulatedUser>();
  private readonly hanging = new Set<ServerResponse>();
  private server!: Server;
  private port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
    return this;
  }

  get tokenUrl(): string {
    return `http://127.0.0.1:${this.port}/oauth2/token`;
  }

  get userInfoUrl(): string {
    return `http://127.0.0.1:${this.port}/oauth2/userinfo`;
  }

  get authorizeUrl(): string {
    return `http://127.0.0.1:${this.port}/oauth2/authorize`;
  }

  /** The environment that makes the service use this provider. */
  env(): Record<string, string> {
    return {
      IDENTITY_PROVIDER_CLIENT_ID: this.clientId,
      IDENTITY_PROVIDER_CLIENT_SECRET: this.clientSecret,
      IDENTITY_PROVIDER_REDIRECT_URI: this.redirectUri,
      IDENTITY_PROVIDER_TOKEN_URL: this.tokenUrl,
      IDENTITY_PROVIDER_USERINFO_URL: this.userInfoUrl,
      IDENTITY_PROVIDER_AUTHORIZE_URL: this.authorizeUrl,
    };
  }

  /** A one-time authorisation code that signs `user` in. */
  issueCode(user: SimulatedUser): string {
    const code = `code-${randomBytes(8).toString('hex')}`;
    this.codes.set(code, user);
    return code;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (this.mode === 'hang') {
      this.hanging.add(res);
      return;
    }
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && (path === '/oauth2/authorize' || path === '/oauth2/decide')) {
      return this.authorize(req, res, path === '/oauth2/decide');
    }
    const [status, answer] =
      this.mode === 'down'
        ? [503, { error: 'temporarily_unavailable' }]
        : req.method === 'POST' && path === '/oauth2/token'
          ? this.token(req, body)
          : req.method === 'GET' && path === '/oauth2/userinfo'
            ? this.userInfo(req)
            : [404, { error: 'not_found' }];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  }

  /**
   * The provider's own page: checks the client and its redirect URI (a real provider never redirects to an
   * unregistered one), then offers "Continue as …" and "Cancel"; either sends the browser back with `state`.
   */
  private authorize(req: IncomingMessage, res: ServerResponse, decided: boolean): void {
    const q = new URL(req.url ?? '/', 'http://simulator').searchParams;
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><title>Identity provider</title><main>${body}</main></html>`);
    };
    if (q.get('client_id') !== this.clientId || q.get('redirect_uri') !== this.redirectUri)
      return void html(400, '<h1>Unknown client or redirect URI</h1>');
    if (q.get('response_type') !== 'code') return void html(400, '<h1>Unsupported response type</h1>');
    const back = new URL(this.redirectUri);
    const state = q.get('state');
    if (state !== null) back.searchParams.set('state', state);
    if (decided) {
      const user = this.signedInUser;
      if (q.get('answer') === 'allow' && user) back.searchParams.set('code', this.issueCode(user));
      else back.searchParams.set('error', 'access_denied');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return;
    }
    const decide = (answer: string) => {
      const u = new URL(`/oauth2/decide${(req.url ?? '').slice(path(req).length)}`, 'http://simulator');
      u.searchParams.set('answer', answer);
      return `${u.pathname}${u.search}`;
    };
    const who = this.signedInUser;
    html(
      200,
      `<h1>Sign in to the identity provider</h1>${
        who
          ? `<p><a href="${escapeHtml(decide('allow'))}">Continue as ${escapeHtml(who.name ?? who.email ?? who.sub)}</a></p>`
          : ''
      }<p><a href="${escapeHtml(decide('deny'))}">Cancel</a></p>`,
    );
  }

  private token(req: IncomingMessage, body: string): Answer {
    const contentType = String(req.headers['content-type'] ?? '');
    const form = Object.fromEntries(new URLSearchParams(body));
    this.tokenRequests.push({ contentType, form });
    if (!contentType.startsWith('application/x-www-form-urlencoded'))
      return [400, { error: 'invalid_request', error_description: 'form encoding required' }];
    if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret)
      return [401, { error: 'invalid_client' }];
    if (form.grant_type !== 'authorization_code') return [400, { error: 'unsupported_grant_type' }];
    if (form.redirect_uri !== this.redirectUri)
      return [400, { error: 'invalid_grant', error_description: 'redirect_uri mismatch' }];
    const user = form.code ? this.codes.get(form.code) : undefined;
    if (!user) return [400, { error: 'invalid_grant', error_description: 'Unknown or used code' }];
    this.codes.delete(form.code!); // codes are single-use, as RFC 6749 requires
    const accessToken = `at-${randomBytes(12).toString('hex')}`;
    this.accessTokens.set(accessToken, user);
    return [
      200,
      { access_token: accessToken, token_type: 'Bearer', expires_in: 3600, scope: 'openid email profile' },
    ];
  }

  private userInfo(req: IncomingMessage): Answer {
    const authorization = String(req.headers.authorization ?? '');
    this.userInfoAuthorizations.push(authorization);
    if (this.mode === 'userinfo-down') return [500, { error: 'server_error' }];
    const user = this.accessTokens.get(authorization.replace(/^Bearer /, ''));
    if (!user) return [401, { error: 'invalid_token' }];
    return [200, user];
  }
}

const path = (req: IncomingMessage) => (req.url ?? '').split('?')[0]!;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
