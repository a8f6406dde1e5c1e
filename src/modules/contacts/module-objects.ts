import type { Config } from '../../platform/config.js';
import { TransferLimits } from './transfer-limits.js';

declare module '../../deps.js' {
  interface ModuleObjects {
    /**
     * The process's one set of transfer slots and business shares: contact imports and exports and
     * campaign-message exports all hold a connection of the same pool, so they share its quarter.
     */
    transferLimits: TransferLimits;
  }
}

/** The contacts module's objects of a process: the transfer limits its configuration sets. */
export function contactsObjects(
  config: Pick<Config, 'DATABASE_POOL_SIZE' | 'TRANSFERS_PER_BUSINESS' | 'TRANSFER_DEADLINE_MS'>,
): { transferLimits: TransferLimits } {
  return {
    transferLimits: new TransferLimits(config.DATABASE_POOL_SIZE, {
      perBusiness: config.TRANSFERS_PER_BUSINESS,
      deadlineMs: config.TRANSFER_DEADLINE_MS,
    }),
  };
}
