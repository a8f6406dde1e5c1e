import { z } from 'zod';

/**
 * The documented shape of `toWalletDto`, kept beside it so every route that shows a wallet publishes the
 * same object: generated clients reject fields the document does not list, so a second, drifting copy of
 * this schema would break them.
 */
export const walletSchema = z.object({
  id: z.string(),
  businessId: z.string(),
  balance: z.number(),
  earnings: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
