// The payments module's public surface: other modules import from here, never from its repository.
export { listTransactions, type TransactionKind } from './payments.repository.js';
