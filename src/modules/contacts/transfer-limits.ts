import { TooManyRequestsError } from '../../platform/http/errors.js';

/**
 * File imports in flight per process: each holds a download and up to IMPORT_MAX_BYTES of temporary disk,
 * never a database connection while it downloads, so the bound is on disk and sockets, not on the pool.
 */
export const FILE_IMPORTS_PER_PROCESS = 8;

const RETRY_AFTER_SECONDS = 5;

/** Why a transfer was refused, as `errorMessage.reason` of the 429. */
export type TransferRefusal = 'business-transfer-running' | 'transfers-busy';

/** A transfer stopped by its deadline (`TRANSFER_DEADLINE_MS`): the signal's reason, and what the caller is told. */
export class TransferDeadlineError extends Error {
  constructor(deadlineMs: number) {
    super(`The transfer ran longer than its limit of ${Math.ceil(deadlineMs / 1000)} s and was stopped`);
    this.name = 'TransferDeadlineError';
  }
}

/** One business's running transfer: its share, and its deadline. */
export interface TransferTicket {
  /** Aborted (with a TransferDeadlineError) when the transfer has run past its deadline. */
  readonly signal: AbortSignal;
  /** Ends the transfer: frees the business's share and stops the deadline. Safe to call twice. */
  release(): void;
}

export interface TransferLimitOptions {
  /** Transfers one business may run at once (`TRANSFERS_PER_BUSINESS`). */
  perBusiness?: number;
  /** How long one transfer may run (`TRANSFER_DEADLINE_MS`). */
  deadlineMs?: number;
}

/**
 * How many imports and exports one process runs at once. An export, and an import once its rows are local,
 * each hold a dedicated database connection (a cursor; COPY into a staging table) for as long as they run:
 * unbounded, a handful of slow ones would take the whole pool and every other request of every tenant
 * would wait for a connection (500s, health 503). So they share a quarter of DATABASE_POOL_SIZE ("slots").
 *
 * Each business has its own share on top (one transfer at a time by default, `begin`), so one tenant's slow
 * transfers cannot hold every slot; and every transfer has a deadline, so none holds its share for good.
 * An export that finds no slot free is a 429; an import's database phase waits for one, since it runs at
 * disk speed and is soon done. File imports are further bounded per process.
 */
export class TransferLimits {
  readonly slots: number;
  readonly perBusiness: number;
  readonly deadlineMs: number;
  private free: number;
  private readonly waiting: (() => void)[] = [];
  private readonly running = new Map<string, number>();
  private fileImports = 0;

  constructor(poolSize: number, opts: TransferLimitOptions = {}) {
    this.slots = Math.max(1, Math.floor(poolSize / 4));
    this.free = this.slots;
    this.perBusiness = opts.perBusiness ?? 1;
    this.deadlineMs = opts.deadlineMs ?? 900_000;
  }

  /**
   * Admits one transfer of `businessId` within its share, or answers 429 (`business-transfer-running`);
   * the ticket's signal fires at the deadline, and its release ends the transfer.
   */
  begin(businessId: string): TransferTicket {
    const count = this.running.get(businessId) ?? 0;
    if (count >= this.perBusiness) {
      throw new TooManyRequestsError(
        this.perBusiness === 1
          ? 'An import or export of this business is still running; start the next one when it has finished'
          : `${count} imports or exports of this business are still running; start the next one when one has finished`,
        RETRY_AFTER_SECONDS,
        {
          reason: 'business-transfer-running' satisfies TransferRefusal,
          running: count,
          limit: this.perBusiness,
        },
      );
    }
    this.running.set(businessId, count + 1);
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new TransferDeadlineError(this.deadlineMs)),
      this.deadlineMs,
    );
    timer.unref();
    let held = true;
    return {
      signal: controller.signal,
      release: () => {
        if (!held) return;
        held = false;
        clearTimeout(timer);
        const left = (this.running.get(businessId) ?? 1) - 1;
        if (left > 0) this.running.set(businessId, left);
        else this.running.delete(businessId);
      },
    };
  }

  /** A slot for an export, or a 429 when all are taken. The returned release is safe to call twice. */
  trySlot(): () => void {
    if (this.free === 0) {
      throw new TooManyRequestsError(
        'Too many contact exports and imports are running right now; try again in a few seconds',
        RETRY_AFTER_SECONDS,
        { reason: 'transfers-busy' satisfies TransferRefusal },
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

  /** Admits one file download of this process, or answers 429; the returned function ends it. */
  startFileImport(): () => void {
    if (this.fileImports >= FILE_IMPORTS_PER_PROCESS) {
      throw new TooManyRequestsError(
        'Too many contact imports are running right now; try again in a few seconds',
        RETRY_AFTER_SECONDS,
        { reason: 'transfers-busy' satisfies TransferRefusal },
      );
    }
    this.fileImports++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.fileImports--;
    };
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
