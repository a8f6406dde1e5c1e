import { TooManyRequestsError } from '../../platform/http/errors.js';

/**
 * File imports in flight per process: each holds a download and up to IMPORT_MAX_BYTES of temporary disk,
 * never a database connection while it downloads, so the bound is on disk and sockets, not on the pool.
 */
export const FILE_IMPORTS_PER_PROCESS = 8;

const RETRY_AFTER_SECONDS = 5;

/**
 * How many imports and exports one process runs at once. An export, and an import once its rows are local,
 * each hold a dedicated database connection (a cursor; COPY into a staging table) for as long as they run:
 * unbounded, a handful of slow ones would take the whole pool and every other request of every tenant
 * would wait for a connection (500s, health 503). So they share a quarter of DATABASE_POOL_SIZE ("slots").
 * An export that finds none free is a 429; an import's database phase waits for one, since it runs at disk
 * speed and is soon done. File imports are further bounded per process and to one per business at a time.
 */
export class TransferLimits {
  readonly slots: number;
  private free: number;
  private readonly waiting: (() => void)[] = [];
  private readonly importing = new Set<string>();

  constructor(poolSize: number) {
    this.slots = Math.max(1, Math.floor(poolSize / 4));
    this.free = this.slots;
  }

  /** A slot for an export, or a 429 when all are taken. The returned release is safe to call twice. */
  trySlot(): () => void {
    if (this.free === 0) {
      throw new TooManyRequestsError(
        'Too many contact exports and imports are running right now; try again in a few seconds',
        RETRY_AFTER_SECONDS,
      );
    }
    this.free--;
    return this.releaser();
  }

  /** Runs `work` holding a slot, waiting for one first if none is free. */
  async withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    const release = this.releaser();
    try {
      return await work();
    } finally {
      release();
    }
  }

  /** Admits one file import of `businessId`, or answers 429; the returned function ends it. */
  startFileImport(businessId: string): () => void {
    if (this.importing.has(businessId)) {
      throw new TooManyRequestsError(
        'An import of this business is still running; start the next one when it has finished',
        RETRY_AFTER_SECONDS,
      );
    }
    if (this.importing.size >= FILE_IMPORTS_PER_PROCESS) {
      throw new TooManyRequestsError(
        'Too many contact imports are running right now; try again in a few seconds',
        RETRY_AFTER_SECONDS,
      );
    }
    this.importing.add(businessId);
    return () => this.importing.delete(businessId);
  }

  /** Hands the slot straight to the longest waiter, so a stream of exports cannot starve waiting imports. */
  private releaser(): () => void {
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

const shared = new WeakMap<object, TransferLimits>();

/**
 * The one set of slots of a database (per process): contact imports and exports and campaign-message
 * exports all hold a connection of the same pool, so they share its quarter.
 */
export function sharedTransferLimits(poolSize: number, database: object): TransferLimits {
  let limits = shared.get(database);
  if (!limits) {
    limits = new TransferLimits(poolSize);
    shared.set(database, limits);
  }
  return limits;
}
