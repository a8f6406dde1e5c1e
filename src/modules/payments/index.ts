// The payments module's public surface: other modules import from here, never from its inner files.

export { alertAdminsOfFlag } from './flag-alert.js';
export { toTransactionDto } from './payments.dto.js';
export { listTransactions, type TransactionKind } from './payments.repository.js';
export { paymentsRoutes } from './payments.routes.js';
export { adminTransactionSchema, adminTransactionsQuery, transactionSchema } from './payments.schemas.js';
export { MAX_AMOUNT_MINOR, PAYMENT_CURRENCY } from './pricing.js';
export { settlePayment } from './settlement.js';
export { TransactionReviewService } from './transaction-review.service.js';
