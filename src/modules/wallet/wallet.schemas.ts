import { z } from 'zod';

/**
 * The documented shape of `toWalletDto`, kept beside it so every route that shows a wallet publishes the
 * same object: generated clients reject fields the document does not list, so a second, drifting copy of
 * this schema would break them.
 */
export const walletSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  /** Spendable credits (what a publish can use): the same as `available`, kept for existing clients. */
  balance: z.number(),
  /** Spendable credits: `balance` under the name that sits beside `held`. */
  available: z.number(),
  /** Credits set aside at publish for messages not delivered yet (charge on delivery). */
  held: z.number(),
  earnings: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
