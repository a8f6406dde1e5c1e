import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { uniqueViolation } from '../../platform/db/errors.js';
import { businesses } from '../../platform/db/schema/index.js';
import type { BusinessRow } from './business.repository.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const REFERRAL_CODE_LENGTH = 10;
const MAX_ATTEMPTS = 8;

/** Ten uppercase letters from the CSPRNG; `randomInt` draws without modulo bias. 26^10 ≈ 1.4e14 codes. */
export function randomReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) code += LETTERS[randomInt(LETTERS.length)];
  return code;
}

export interface ReferralCodeChange {
  /** `regenerate`: always a new code; `keep`: a new code only when the business has none yet. */
  mode: 'regenerate' | 'keep';
  /** Other columns written in the same UPDATE (promotion sets type and percentage). */
  set?: Partial<Pick<BusinessRow, 'type' | 'affiliatePercentage'>>;
}

/**
 * Gives a business a referral code that no other business has. The unique constraint is the arbiter: a
 * collision (astronomically rare, but two writers can draw the same code) fails the UPDATE and we draw
 * again. Runs outside any transaction, since a failed statement would abort it. Null: no such business.
 */
export async function assignReferralCode(
  db: Db,
  businessId: string,
  change: ReferralCodeChange,
  generate: () => string = randomReferralCode,
): Promise<BusinessRow | null> {
  for (let attempt = 1; ; attempt++) {
    const code = generate();
    try {
      const [row] = await db
        .update(businesses)
        .set({
          ...change.set,
          referralCode: change.mode === 'keep' ? sql`coalesce(${businesses.referralCode}, ${code})` : code,
          updatedAt: new Date(),
        })
        .where(eq(businesses.id, businessId))
        .returning();
      return row ?? null;
    } catch (err) {
      if (uniqueViolation(err) !== 'businesses_referral_code_unique' || attempt >= MAX_ATTEMPTS) throw err;
    }
  }
}
