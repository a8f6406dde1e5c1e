// The affiliate module's public surface: other modules import from here, never from its inner files.

export { affiliateRoutes } from './affiliate.routes.js';
export { releaseHeldCommissions, voidHeldCommissions } from './commission-hold.js';
export { reverseCampaignCommission } from './commission-reversal.js';
export { reverseCommissionShare } from './commission-share-reversal.js';
export { reconcileWithdrawals } from './withdrawal-reconciliation.js';
export { applyTransferOutcome, type TransferOutcome } from './withdrawals.js';
