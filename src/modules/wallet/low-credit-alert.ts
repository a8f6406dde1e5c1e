import { Decimal } from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { accounts, businesses } from '../../platform/db/schema/index.js';
import { composeMail } from '../../platform/mail/layout.js';
import { isNotificationSettingOn } from '../notifications/index.js';
import { getAppSettings } from '../settings/index.js';

/**
 * After a debit has committed: e-mails the business once, when its balance has just crossed below
 * `lowCreditThreshold` (from at-or-above to below) and its `lowCreditsEmail` preference is on.
 * Never throws: an alert that cannot be sent is logged, the debit stands.
 */
export async function alertIfCreditLow(
  deps: Pick<AppDeps, 'db' | 'mail' | 'logger'>,
  businessId: string,
  balanceBefore: string,
  balanceAfter: string,
): Promise<boolean> {
  try {
    const { lowCreditThreshold } = await getAppSettings(deps.db);
    const threshold = new Decimal(lowCreditThreshold);
    if (!(new Decimal(balanceBefore).gte(threshold) && new Decimal(balanceAfter).lt(threshold))) return false;
    if (!(await isNotificationSettingOn(deps.db, businessId, 'lowCreditsEmail'))) return false;
    const [owner] = await deps.db
      .select({ email: accounts.email, name: accounts.name })
      .from(businesses)
      .innerJoin(accounts, eq(accounts.id, businesses.accountId))
      .where(eq(businesses.id, businessId));
    if (!owner) return false;
    await deps.mail.send(
      composeMail({
        to: owner.email,
        subject: 'Your credit balance is low',
        paragraphs: [
          `Hello ${owner.name}, your credit balance has fallen below ${threshold.toString()} credits.`,
          'Buy more credits to keep your campaigns going.',
        ],
        highlight: `${new Decimal(balanceAfter).toDecimalPlaces(2).toString()} credits left`,
      }),
    );
    return true;
  } catch (err) {
    deps.logger.warn({ err, businessId }, 'low-credit e-mail not sent');
    return false;
  }
}
