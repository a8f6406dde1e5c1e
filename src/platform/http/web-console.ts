import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import type { ZodApp } from './types.js';

/** web/dist of this checkout, from src/platform/http or dist/platform/http alike. */
const DEFAULT_DIR = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Paths the console never answers, so their unknown URLs keep the API's JSON 404. */
const RESERVED = ['/api', '/docs', '/openapi.json', '/metrics', '/socket.io', '/storage', '/sandbox'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

interface Asset {
  type: string;
  cacheControl: string;
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
}

/**
 * Reads a built console into memory (a few megabytes): `<file>.br` and `<file>.gz` beside a file are its
 * precompressed forms, made at build time. Vite's hashed files under /assets/ never change under their
 * name, so browsers keep them for a year; everything else (index.html) is revalidated on every load, so a
 * new build is picked up at once.
 */
function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (!/\.(br|gz)$/.test(entry.name)) {
        const full = path.join(dir, rel);
        const urlPath = `/${rel}`;
        assets.set(urlPath, {
          type: TYPES[path.extname(entry.name)] ?? 'application/octet-stream',
          cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
          body: readFileSync(full),
          br: existsSync(`${full}.br`) ? readFileSync(`${full}.br`) : undefined,
          gz: existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`) : undefined,
        });
      }
    }
  };
  walk('');
  return assets;
}

/** Which precompressed form the client takes: brotli first, then gzip (q=0 means refused). */
function encodingFor(req: FastifyRequest, asset: Asset): 'br' | 'gzip' | null {
  const header = String(req.headers['accept-encoding'] ?? '');
  const accepts = (name: string) =>
    header.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      return token?.trim() === name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
  if (asset.br && accepts('br')) return 'br';
  if (asset.gz && accepts('gzip')) return 'gzip';
  return null;
}

function send(req: FastifyRequest, reply: FastifyReply, asset: Asset): FastifyReply {
  const encoding = encodingFor(req, asset);
  reply.header('Content-Type', asset.type).header('Cache-Control', asset.cacheControl);
  if (asset.br || asset.gz) reply.header('Vary', 'Accept-Encoding');
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gz : asset.body);
}

/**
 * The web console at `/`: the built single-page application, with history fallback (a path the
 * application routes, like /contacts, answers index.html to a browser asking for a page). Nothing is
 * served when the console is not built; `npm start` builds it (scripts/build-web.ts).
 */
export async function installWebConsole(app: ZodApp, deps: Pick<AppDeps, 'config'>): Promise<void> {
  const dir = deps.config.WEB_DIST_DIR ? path.resolve(deps.config.WEB_DIST_DIR) : DEFAULT_DIR;
  if (!existsSync(path.join(dir, 'index.html'))) return;
  const assets = loadAssets(dir);
  const index = assets.get('/index.html')!;

  // Served from the not-found path (an onRequest hook on requests no route matched), not as a wildcard
  // route: every URL the router answers itself, including its own errors (a 414 for an over-long path
  // parameter), stays exactly as it was.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.is404 || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    const urlPath = req.url.split('?')[0]!;
    if (RESERVED.some((p) => urlPath === p || urlPath.startsWith(`${p}/`))) return;
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return;
    }
    // The root is the console's front door, whatever the client accepts (a link checker or curl included).
    const asset = decoded === '/' ? index : assets.get(decoded);
    if (asset) return send(req, reply, asset);
    // A missing hashed file is a 404 (a stale page asking for an old build), never the page itself, which a
    // browser would try to run as a script; other paths are the application's own routes, for browsers.
    const wantsPage = String(req.headers.accept ?? '').includes('text/html');
    if (decoded.startsWith('/assets/') || !wantsPage) return;
    return send(req, reply, index);
  });
}
