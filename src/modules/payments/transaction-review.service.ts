import type { AppDeps } from '../../deps.js';
import { toPage } from '../../platform/http/pagination.js';
import { toTransactionDto } from './payments.dto.js';
import { listTransactionsForReview } from './payments.repository.js';
import type { AdminTransactionsQuery } from './payments.schemas.js';

/**
 * What administrators review: transactions across every business, above all the flagged ones (payments
 * that did not match their checkout, withdrawals with contradictory transfer events), which move no money
 * until a person has looked at them.
 */
export class TransactionReviewService {
  constructor(private readonly deps: Pick<AppDeps, 'db'>) {}

  async list(q: AdminTransactionsQuery) {
    const { items, total } = await listTransactionsForReview(this.deps.db, q);
    return toPage(
      items.map((row) => ({
        ...toTransactionDto(row),
        businessId: row.businessId,
        companyName: row.companyName,
      })),
      total,
      q,
    );
  }
}
