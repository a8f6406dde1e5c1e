import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps.js';
import { type Db, queryRows, queryRowsPrepared } from '../../platform/db/client.js';
import { businesses } from '../../platform/db/schema/index.js';
import { BusinessRuleError } from '../../platform/http/errors.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { CloudApiError, type CloudPhoneNumber } from '../../providers/messaging/cloud.port.js';
import { loadMessagingCredentials } from './messaging-credentials.js';

export const CLOUD_PROVIDER = 'whatsapp-cloud';

/** Which provider a business sends through: the Cloud API when it connected with it, else the gateway. */
export type ProviderKind = 'gateway' | 'whatsapp-cloud';

export function providerKind(provider: string | null | undefined): ProviderKind {
  return provider === CLOUD_PROVIDER ? 'whatsapp-cloud' : 'gateway';
}

/** A Cloud business's account: its WhatsApp Business Account id, phone-number id and (decrypted) token. */
export interface CloudAccount {
  businessId: string;
  wabaId: string;
  phoneNumberId: string;
  accessToken: string;
}

/** The provider the business is connected to (`gateway` also when it has connected none). */
export async function providerOfBusiness(db: Db, businessId: string): Promise<ProviderKind> {
  const [row] = await db
    .select({ provider: businesses.provider })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return providerKind(row?.provider);
}

/** The business's Cloud account, or null when it is not connected through the Cloud API. */
export async function cloudAccountOf(
  db: Db,
  box: SecretBox,
  businessId: string,
): Promise<CloudAccount | null> {
  const [row] = await db
    .select({ provider: businesses.provider, wabaId: businesses.wabaProviderId })
    .from(businesses)
    .where(and(eq(businesses.id, businessId), eq(businesses.provider, CLOUD_PROVIDER)));
  if (!row?.wabaId) return null;
  const credentials = await loadMessagingCredentials(db, box, businessId);
  if (!credentials) return null;
  return {
    businessId,
    wabaId: row.wabaId,
    phoneNumberId: credentials.userId,
    accessToken: credentials.password,
  };
}

/** The Cloud businesses connected with this phone-number id (the webhook's `metadata.phone_number_id`). */
export async function businessesOfCloudNumber(
  db: Db,
  phoneNumberId: string,
): Promise<{ id: string; companyName: string | null; wabaNumber: string | null }[]> {
  // Prepared: every Cloud delivery asks, and planning cost more than the lookup itself.
  return queryRowsPrepared(
    db,
    'business-of-cloud-number',
    sql`SELECT id, company_name AS "companyName", waba_number AS "wabaNumber" FROM businesses
        WHERE provider = ${CLOUD_PROVIDER} AND provider_hsm_id = ${phoneNumberId}`,
  );
}

/**
 * `GET {base}/{phone-number-id}` with the token: the number's display form, verified name and quality when
 * the token opens it; a 400 quoting the provider's words when it does not.
 */
export async function checkCloudNumber(
  deps: Pick<AppDeps, 'cloud'>,
  phoneNumberId: string,
  accessToken: string,
): Promise<CloudPhoneNumber> {
  try {
    return await deps.cloud.checkPhoneNumber({ accessToken }, phoneNumberId);
  } catch (err) {
    if (err instanceof CloudApiError)
      throw new BusinessRuleError(`The WhatsApp Cloud API refused the connection: ${err.providerMessage}`, {
        field: 'providerHSMPassword',
        providerCode: err.code,
      });
    throw err;
  }
}

/**
 * The Cloud businesses of a WhatsApp Business Account (a webhook's entry id), those whose number is
 * `displayNumber` (digits compared) when given.
 */
export async function businessesOfCloudAccount(
  db: Db,
  wabaId: string,
  displayNumber: string | null = null,
): Promise<{ id: string }[]> {
  const digits = displayNumber?.replace(/\D/g, '') || null;
  return queryRows(
    db,
    sql`SELECT id FROM businesses
        WHERE provider = ${CLOUD_PROVIDER} AND waba_provider_id = ${wabaId}
          AND (${digits}::text IS NULL OR regexp_replace(coalesce(waba_number, ''), '\\D', '', 'g') = ${digits})`,
  );
}

/** Every business connected through the Cloud API (the number-health refresh reads each). */
export async function cloudBusinessIds(db: Db): Promise<{ id: string; phoneNumberId: string }[]> {
  return queryRows(
    db,
    sql`SELECT id, provider_hsm_id AS "phoneNumberId" FROM businesses
        WHERE provider = ${CLOUD_PROVIDER} AND provider_hsm_id IS NOT NULL ORDER BY id`,
  );
}
