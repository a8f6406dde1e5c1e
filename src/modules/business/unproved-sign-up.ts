import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { businesses } from '../../platform/db/schema/index.js';

/**
 * Anyone can sign up with any address. When the mailbox's real owner later proves it (a password reset or
 * the identity provider), what the sign-up set before the proof came from someone nobody vouched for:
 * the referral (which would pay an affiliate for the owner's spending) and the business profile. They are
 * cleared, and a verification request made on that profile goes back to `pending`. Provider credentials
 * need a verified e-mail, so an unproved sign-up cannot have set any. Runs in the caller's transaction.
 */
export async function clearUnprovedSignUp(tx: Db, businessId: string): Promise<void> {
  await tx
    .update(businesses)
    .set({
      referredBy: null,
      companyName: null,
      companyLogo: null,
      address: null,
      website: null,
      businessRegistrationNumber: null,
      countryCode: null,
      industry: null,
      noOfEmployees: null,
      noOfSubscribers: null,
      businessVerified: 'pending',
      verificationReason: null,
      verificationSubmittedAt: null,
    })
    .where(eq(businesses.id, businessId));
}
