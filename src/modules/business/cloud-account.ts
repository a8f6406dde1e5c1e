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

/**
 * The Cloud business connected with this phone-number id (the webhook's `metadata.phone_number_id`), or
 * null. There is at most one: a unique index holds a phone-number id to one Cloud business.
 */
export async function businessOfCloudNumber(
  db: Db,
  phoneNumberId: string,
): Promise<{ id: string; companyName: string | null; wabaNumber: string | null } | null> {
  // Prepared: every Cloud delivery asks, and planning cost more than the lookup itself.
  const [row] = await queryRowsPrepared<{
    id: string;
    companyName: string | null;
    wabaNumber: string | null;
  }>(
    db,
    'business-of-cloud-number',
    sql`SELECT id, company_name AS "companyName", waba_number AS "wabaNumber" FROM businesses
        WHERE provider = ${CLOUD_PROVIDER} AND provider_hsm_id = ${phoneNumberId}`,
  );
  return row ?? null;
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
 * What a Cloud connection is checked for before anything is stored (docs/decisions/cloud-api.md "Whose is a
 * phone-number id?"): the token opens the number (`GET {base}/{phone-number-id}`), the WhatsApp Business
 * Account lists it (`GET {base}/{waba-id}/phone_numbers`) and its display number is the `wabaNumber` given
 * (`e164`). Each refusal is a 400 naming its field. The built-in sandbox has no real numbers: its display
 * number is not compared.
 */
export async function verifyCloudConnection(
  deps: Pick<AppDeps, 'cloud' | 'sandboxes'>,
  input: { wabaId: string; phoneNumberId: string; accessToken: string; e164: string },
): Promise<CloudPhoneNumber> {
  const number = await checkCloudNumber(deps, input.phoneNumberId, input.accessToken);
  let listed: CloudPhoneNumber | null;
  try {
    listed = await deps.cloud.findAccountPhoneNumber(
      { accessToken: input.accessToken },
      input.wabaId,
      input.phoneNumberId,
    );
  } catch (err) {
    if (err instanceof CloudApiError)
      throw new BusinessRuleError(
        `The WhatsApp Cloud API does not let this token read the WhatsApp Business Account ${input.wabaId}: ${err.providerMessage}`,
        { field: 'wabaProviderId', providerCode: err.code },
      );
    throw err;
  }
  if (!listed)
    throw new BusinessRuleError(
      `The phone-number id ${input.phoneNumberId} is not a number of the WhatsApp Business Account ${input.wabaId}`,
      { field: 'providerHSMID' },
    );
  const digits = (v: string) => v.replace(/\D/g, '');
  if (!deps.sandboxes.cloud && digits(number.displayPhoneNumber) !== digits(input.e164))
    throw new BusinessRuleError(
      `The WhatsApp Cloud API shows this phone-number id as ${number.displayPhoneNumber}, not ${input.e164}`,
      { field: 'wabaNumber' },
    );
  return number;
}

/** The Cloud business other than `exceptBusinessId` connected with this phone-number id, or null. */
export async function findCloudNumberHolder(db: Db, phoneNumberId: string, exceptBusinessId: string) {
  const [row] = await queryRows<{ id: string; companyName: string | null }>(
    db,
    sql`SELECT id, company_name AS "companyName" FROM businesses
        WHERE provider = ${CLOUD_PROVIDER} AND provider_hsm_id = ${phoneNumberId} AND id <> ${exceptBusinessId}`,
  );
  return row ?? null;
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
