import { Decimal } from 'decimal.js';
import type { AppDeps } from '../../deps.js';
import { type AuthContext, businessOf } from '../../platform/auth/principal.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { ConflictError } from '../../platform/http/errors.js';
import { type PageQuery, toPage } from '../../platform/http/pagination.js';
import type { Bank } from '../../providers/payment/payment.port.js';
import { listTransactions, toTransactionDto } from '../payments/index.js';
import { findWallet } from '../wallet/index.js';
import {
  type BankAccountRow,
  earningsTotals,
  insertBankAccount,
  listBankAccounts,
  listReferrals,
} from './affiliate.repository.js';
import { providerError } from './provider-error.js';
import { requestWithdrawal } from './withdrawals.js';

/** What an affiliate's ledger shows: commissions in (and taken back), withdrawals out, refunds back. */
export const AFFILIATE_KINDS = [
  'affiliate_commission',
  'affiliate_commission_reversal',
  'withdrawal',
  'withdrawal_refund',
] as const;

const BANK_LIST_TTL_MS = 60 * 60 * 1000;

export function maskAccountNumber(n: string): string {
  return n.length <= 4 ? n : `${'*'.repeat(n.length - 4)}${n.slice(-4)}`;
}

function toBankAccountDto(row: BankAccountRow, masked: boolean) {
  return {
    id: row.id,
    bankName: row.bankName,
    accountName: row.accountName,
    accountNumber: masked ? maskAccountNumber(row.accountNumber) : row.accountNumber,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
  };
}

export class AffiliateService {
  private banks: { list: Bank[]; at: number } | undefined;

  constructor(private readonly deps: AppDeps) {}

  async referrals(auth: AuthContext, q: PageQuery) {
    const { items, total } = await listReferrals(this.deps.db, businessOf(auth), q);
    return toPage(
      items.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      total,
      q,
    );
  }

  async earnings(auth: AuthContext) {
    const businessId = businessOf(auth);
    const [wallet, totals] = await Promise.all([
      findWallet(this.deps.db, businessId),
      earningsTotals(this.deps.db, businessId),
    ]);
    return {
      balance: new Decimal(wallet?.earnings ?? 0).toNumber(),
      totalEarned: new Decimal(totals.earned).toNumber(),
      totalWithdrawn: new Decimal(totals.withdrawn).toNumber(),
    };
  }

  async transactions(auth: AuthContext, q: PageQuery) {
    const { items, total } = await listTransactions(this.deps.db, businessOf(auth), q, AFFILIATE_KINDS);
    return toPage(items.map(toTransactionDto), total, q);
  }

  async bankList(_auth: AuthContext): Promise<Bank[]> {
    if (this.banks && Date.now() - this.banks.at < BANK_LIST_TTL_MS) return this.banks.list;
    try {
      const list = await this.deps.payment.listBanks();
      this.banks = { list, at: Date.now() };
      return list;
    } catch (err) {
      throw providerError(err, 'Could not fetch the list of banks');
    }
  }

  async bankAccounts(auth: AuthContext) {
    return (await listBankAccounts(this.deps.db, businessOf(auth))).map((r) => toBankAccountDto(r, true));
  }

  /** Resolves the holder's name through the provider: what a client shows before saving. */
  async verifyBankAccount(auth: AuthContext, q: { accountNumber: string; bankCode: string }) {
    const resolved = await this.resolve(q.accountNumber, q.bankCode);
    const bankName = await this.bankList(auth)
      .then((banks) => banks.find((b) => b.code === q.bankCode)?.name ?? null)
      .catch(() => null);
    return { ...resolved, bankName };
  }

  /**
   * Saves an account only once the provider has resolved it; the stored holder name is the provider's,
   * the name that transfers will go to, whatever the client typed.
   */
  async createBankAccount(
    auth: AuthContext,
    body: { bankName: string; accountName: string; accountNumber: string; code: string },
  ) {
    const businessId = businessOf(auth);
    const resolved = await this.resolve(body.accountNumber, body.code);
    try {
      const row = await insertBankAccount(this.deps.db, {
        businessId,
        bankName: body.bankName,
        accountNumber: body.accountNumber,
        accountName: resolved.accountName,
        code: body.code,
      });
      return toBankAccountDto(row, false);
    } catch (err) {
      if (isUniqueViolation(err)) throw new ConflictError('This bank account is already saved');
      throw err;
    }
  }

  async withdraw(auth: AuthContext, body: { bankAccountId: string; amount: number }) {
    return toTransactionDto(await requestWithdrawal(this.deps, businessOf(auth), body));
  }

  private async resolve(accountNumber: string, bankCode: string) {
    try {
      return await this.deps.payment.resolveAccount(accountNumber, bankCode);
    } catch (err) {
      throw providerError(err, 'Could not verify the bank account');
    }
  }
}
