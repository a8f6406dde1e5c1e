import type { AppDeps } from '../../deps.js';
import { optOutContact } from '../contacts/index.js';
import { cancelForOptOut } from '../messages/index.js';

/**
 * The provider says the person stopped marketing from the business (Cloud error 131050, a `user_preferences`
 * webhook with `stop`): the contact is opted out exactly as a STOP keyword does (its unsent messages
 * cancelled), with the reason kept, and the business is told. No confirmation is sent: the person did not
 * write to the business. Returns whether a contact of the business was opted out.
 */
export async function optOutForProvider(
  deps: Pick<AppDeps, 'db' | 'notifier' | 'logger'>,
  businessId: string,
  phone: string,
  reason: string,
): Promise<boolean> {
  const contact = await deps.db.transaction(async (tx) => {
    const row = await optOutContact(tx, businessId, phone, reason.slice(0, 500));
    if (row) await cancelForOptOut(tx, businessId, phone);
    return row;
  });
  if (!contact) return false;
  try {
    const name = `${contact.firstName} ${contact.lastName}`.trim();
    await deps.notifier.toBusiness(businessId, {
      type: 'contact.opted_out',
      title: 'Contact stopped marketing',
      message: `${name && name !== phone ? `${name} (${phone})` : phone} no longer receives marketing: ${reason}`,
    });
  } catch (err) {
    deps.logger.warn({ err, businessId }, 'provider opt-out notification not created');
  }
  return true;
}
