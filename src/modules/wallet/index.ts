// The wallet module's public surface for reading a balance; a wallet changes only through the ledger
// (`./ledger.ts`). Other modules import from here, never from its repository.

export { creditsSoldByDay, creditsSpentByDay } from './ledger-activity.js';
export { findWallet, type WalletRow } from './wallet.repository.js';
