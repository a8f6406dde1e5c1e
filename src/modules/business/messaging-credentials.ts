import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { businesses } from '../../platform/db/schema/index.js';
import type { SecretBox } from '../../platform/secret-box.js';
import type { MessagingCredentials, MessagingPort } from '../../providers/messaging/messaging.port.js';

/**
 * The only place a business's gateway password is decrypted: just before the messaging adapter uses it.
 * Returns null when the business has not stored credentials.
 */
export async function loadMessagingCredentials(
  db: Db,
  box: SecretBox,
  businessId: string,
): Promise<MessagingCredentials | null> {
  const [row] = await db
    .select({
      userId: businesses.providerHSMID,
      sealed: businesses.providerHSMPasswordEnc,
      fromNumber: businesses.wabaNumber,
    })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!row?.userId || !row.sealed) return null;
  return { userId: row.userId, password: box.open(row.sealed), fromNumber: row.fromNumber };
}

/**
 * The credentials a send uses: the business's own, or, when the messaging port needs none (the embedded
 * sandbox), an empty set so that campaigns still flow on a laptop. Null means the send cannot happen.
 */
export async function credentialsForSending(
  deps: { db: Db; secretBox: SecretBox; messaging: Pick<MessagingPort, 'requiresCredentials'> },
  businessId: string,
): Promise<MessagingCredentials | null> {
  const stored = await loadMessagingCredentials(deps.db, deps.secretBox, businessId);
  if (stored || deps.messaging.requiresCredentials) return stored;
  return { userId: '', password: '', fromNumber: null };
}
