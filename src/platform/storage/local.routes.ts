import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ForbiddenError, NotFoundError } from '../http/errors.js';
import {
  isSafeKey,
  LOCAL_STORAGE_PREFIX,
  type LocalStorageAdapter,
  type SignedRequest,
} from './local.adapter.js';
import { servedTypeOfExtension } from './media-types.js';
import { partialName } from './partial-name.js';
import { UNCONFIRMED_PREFIX } from './storage.port.js';

type StorageRequest = FastifyRequest<{
  Params: { '*': string };
  Querystring: Record<string, string | undefined>;
}>;

function signedPutOf(req: StorageRequest): SignedRequest {
  const q = req.query;
  return {
    method: 'PUT',
    key: req.params['*'],
    expires: Number(q.expires),
    contentType: q.contentType,
    maxBytes: q.maxBytes ? Number(q.maxBytes) : undefined,
  };
}

/**
 * The HTTP side of the embedded store: PUT on a presigned URL (nothing stored without a valid signature),
 * GET at an object's permanent URL.
 */
export async function localStorageRoutes(app: FastifyInstance, opts: { storage: LocalStorageAdapter }) {
  const { storage } = opts;
  // Upload bytes are streamed to disk as they come, whatever their type; nothing is buffered or parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

  // The body is the request stream: the text guard must not walk it (its graph is cyclic: socket, server...).
  const config = { auth: 'public' as const, apiObject: 'upload', streamsBody: true };

  app.put(
    `${LOCAL_STORAGE_PREFIX}*`,
    { config, schema: { hide: true } },
    async (req: StorageRequest, reply: FastifyReply) => {
      const signed = signedPutOf(req);
      const refused = storage.verify(signed, req.query.signature);
      if (refused) throw new ForbiddenError(refused);
      const sentType = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
      if (signed.contentType && sentType !== signed.contentType) {
        throw new ForbiddenError(`Content-Type must be ${signed.contentType}`);
      }
      const limit = signed.maxBytes ?? Number.POSITIVE_INFINITY;
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > limit) throw new AppError(413, `File is larger than ${limit} bytes`);

      const file = storage.pathOf(signed.key);
      const partial = partialName(file);
      await mkdir(path.dirname(file), { recursive: true });
      let received = 0;
      const cap = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          received += chunk.length;
          if (received > limit) cb(new AppError(413, `File is larger than ${limit} bytes`));
          else cb(null, chunk);
        },
      });
      try {
        await pipeline(req.body as NodeJS.ReadableStream, cap, createWriteStream(partial));
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return reply.code(200).header('ETag', `"${received}"`).send();
    },
  );

  app.get(
    `${LOCAL_STORAGE_PREFIX}*`,
    { config, schema: { hide: true } },
    async (req: StorageRequest, reply: FastifyReply) => {
      // Read URLs handed out before reads became public carry `expires` and `signature`: the query is
      // ignored, so those stored links keep working (the bare path would read the object anyway).
      const key = req.params['*'];
      // An upload not yet confirmed is not a file of anyone's yet: never served.
      const readable = isSafeKey(key) && !key.startsWith(UNCONFIRMED_PREFIX);
      const found = readable ? await storage.stat(key) : null;
      if (!found) throw new NotFoundError('File');
      // The type is the extension's, from the list of types a browser never runs; anything else is a
      // download, and nosniff keeps a browser from guessing a page out of the bytes.
      const served = servedTypeOfExtension(path.extname(key));
      if (served.attachment) reply.header('Content-Disposition', 'attachment');
      return reply
        .header('Content-Type', served.contentType)
        .header('Content-Length', String(found.size))
        .header('X-Content-Type-Options', 'nosniff')
        .send(await storage.read(key));
    },
  );
}
