import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An export whose client has read nothing for this long is ended: see `endWhenIdle`. */
export const EXPORT_IDLE_TIMEOUT_MS = 30_000;

export class ExportIdleError extends Error {
  constructor(idleMs: number) {
    super(`Export stopped: the client read nothing for ${idleMs} ms`);
    this.name = 'ExportIdleError';
  }
}

/**
 * Passes `body` through, and destroys it when no chunk has gone through for `idleMs`. Chunks move only as
 * the client reads (backpressure), so a client that keeps the socket open without reading would otherwise
 * hold the export's cursor, its database connection and its slot for as long as it likes. Destroying the
 * result ends the response (the client sees a cut download) and, through the pipeline, the export's source.
 */
export function endWhenIdle(body: Readable, idleMs: number): Readable {
  const guarded = new Transform({
    transform(chunk, _enc, cb) {
      timer.refresh();
      cb(null, chunk);
    },
  });
  const timer = setTimeout(() => guarded.destroy(new ExportIdleError(idleMs)), idleMs);
  guarded.on('close', () => clearTimeout(timer));
  // Whoever sends the body listens for its failure; until then one must not crash the process.
  guarded.on('error', () => {});
  pipeline(body, guarded).catch(() => {
    // Each side's failure is already the other's: the writers log their own, the response sees this one.
  });
  return guarded;
}
