import type { AppDeps } from '../deps.js';
import { followLink } from '../modules/links/index.js';
import type { ZodApp } from '../platform/http/types.js';

const UNKNOWN_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Link not available</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#333"><h1 style="font-size:1.25rem">This link is not available</h1><p>It may have expired, or it was copied incompletely. Please use the link in the message you received.</p></body></html>`;

/**
 * `GET /l/{token}`: a campaign message's tracked link, public and without a session. A 302 to the link's URL
 * (never cached, so each follow comes back here); a token that is not one, or no longer leads anywhere, gets
 * a plain page. HEAD is answered the same way and never counted.
 */
export function installLinkRedirect(app: ZodApp, deps: AppDeps): void {
  app.get<{ Params: { token: string } }>(
    '/l/:token',
    { config: { auth: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      const answer = await followLink(deps, req.params.token, req);
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      if (answer.kind === 'redirect') return reply.redirect(answer.url, 302);
      return reply.code(404).type('text/html; charset=utf-8').send(UNKNOWN_PAGE);
    },
  );
  app.addHook('onClose', async () => deps.clickRecorder.flush());
}
