// The wallet module's public surface for reading a balance; a wallet changes only through the ledger
// (`./ledger.ts`). Other modules import from here, never from its inner files.

export {
  claimStaleWithdrawals,
  failPendingTransaction,
  flagTransaction,
  InsufficientFundsError,
  insertPendingTransaction,
  newReference,
  postLedgerEntry,
  setProviderReference,
  settleLedgerEntry,
  type TransactionRow,
  updateTransaction,
} from './ledger.js';
export { creditsSoldByDay, creditsSpentByDay } from './ledger-activity.js';
export { alertIfCreditLow } from './low-credit-alert.js';
export { toWalletDto } from './wallet.dto.js';
export { createWallet, findWallet, type WalletRow } from './wallet.repository.js';
export { walletSchema } from './wallet.schemas.js';
