import type { WalletRow } from './wallet.repository.js';

/**
 * The one wallet shape, wherever a wallet appears (`GET /payments/wallet`, `GET /business`, the admin
 * detail): spendable credits as `balance` (also as `available`), credits held for messages not delivered
 * yet (charge on delivery) as `held`, affiliate commission (NGN, withdrawable) as `earnings`.
 */
export function toWalletDto(row: WalletRow) {
  return {
    id: row.id,
    businessId: row.businessId,
    balance: Number(row.balance),
    available: Number(row.balance),
    held: Number(row.held),
    earnings: Number(row.earnings),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
