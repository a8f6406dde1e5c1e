import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { AppError, StateConflictError, ValidationError } from '../../platform/http/errors.js';
import type { ZodApp } from '../../platform/http/types.js';
import { type Claim, claimKey, releaseKey, storeAnswer } from './idempotency.repository.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key's first answer is kept. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long a retry waits for the first request with its key to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

interface HeldKey {
  scope: string;
  key: string;
  settled: boolean;
}
const held = new WeakMap<FastifyRequest, HeldKey>();

/**
 * `Idempotency-Key` on the routes that declare `config.idempotent` (those that create or spend): the first
 * request with a key runs and its answer is kept a day; a retry with the same key and the same request gets
 * that answer again (header `Idempotent-Replayed: true`) and does nothing; the same key on another request is a
 * 422. A retry that arrives while the first still runs waits for its answer. Runs after authentication and
 * validation: a request refused there runs nothing, so it keeps no answer and its key stays free.
 */
export function installIdempotency(app: ZodApp, deps: Pick<AppDeps, 'db' | 'logger'>): void {
  app.addHook('preHandler', async (req, reply) => {
    if (!req.routeOptions.config?.idempotent) return;
    const key = keyOf(req);
    if (key === null) return;
    const scope = req.auth.businessId ? `business:${req.auth.businessId}` : `account:${req.auth.accountId}`;
    const claim = await claimOrWait(deps, { scope, key, fingerprint: fingerprintOf(req) });
    if (claim.state === 'claimed') {
      held.set(req, { scope, key, settled: false });
      return;
    }
    if (claim.state === 'answered') return replay(reply, claim.answer);
    if (claim.state === 'other-request')
      throw new AppError(
        422,
        'This Idempotency-Key was already used for another request: use a new key for a new request',
        { fields: [{ path: 'Idempotency-Key', message: 'already used for another request' }] },
      );
    throw new StateConflictError('A request with this Idempotency-Key is still running: retry it shortly', {
      reason: 'idempotency_key_in_use',
    });
  });

  // The first request's answer, kept before it leaves; an answer of ours failing (5xx) frees the key instead.
  app.addHook('onSend', async (req, reply, payload) => {
    const mine = held.get(req);
    if (!mine || mine.settled) return payload;
    mine.settled = true;
    try {
      if (reply.statusCode >= 500) await releaseKey(deps.db, mine.scope, mine.key);
      else
        await storeAnswer(deps.db, mine.scope, mine.key, {
          statusCode: reply.statusCode,
          response:
            typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '',
          contentType: String(reply.getHeader('content-type') ?? '') || null,
        });
    } catch (err) {
      req.log.error({ err }, 'idempotent answer not kept');
    }
    return payload;
  });

  // A request that ended without an answer (the client went away first) leaves its key free for the retry.
  app.addHook('onResponse', async (req) => {
    const mine = held.get(req);
    if (mine && !mine.settled) await releaseKey(deps.db, mine.scope, mine.key).catch(() => undefined);
  });
}

function keyOf(req: FastifyRequest): string | null {
  const given = req.headers[IDEMPOTENCY_HEADER];
  if (given === undefined) return null;
  if (typeof given !== 'string' || !KEY_SHAPE.test(given))
    throw ValidationError.field(
      'Idempotency-Key',
      'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID is a good choice)',
    );
  return given;
}

/** The request as the key must find it again: method, path with its query, and the validated body. */
function fingerprintOf(req: FastifyRequest): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
}

async function claimOrWait(
  deps: Pick<AppDeps, 'db'>,
  input: { scope: string; key: string; fingerprint: string },
): Promise<Claim> {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claim = await claimKey(deps.db, { ...input, expiresAt: new Date(Date.now() + KEY_LIFETIME_MS) });
    if (claim.state !== 'running' || Date.now() >= deadline) return claim;
    await sleep(POLL_MS);
  }
}

function replay(
  reply: FastifyReply,
  answer: { statusCode: number; response: string; contentType: string | null },
) {
  reply.code(answer.statusCode).header('idempotent-replayed', 'true');
  if (answer.contentType) reply.header('content-type', answer.contentType);
  return reply.send(answer.response);
}
