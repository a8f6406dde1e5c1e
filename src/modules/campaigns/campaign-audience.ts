import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { campaigns } from '../../platform/db/schema/index.js';
import { ValidationError } from '../../platform/http/errors.js';
import type { RetargetOutcome } from '../messages/index.js';

/** A retarget audience: the recipients of another campaign of the business with an outcome. */
export interface RetargetAudience {
  fromCampaign: string;
  outcome: RetargetOutcome;
}

/**
 * A retarget audience names a campaign of the caller's business that went out (another business's is as
 * unknown as a missing one: a 400 naming the field, as for `templateId`), and replaces the other ways of
 * choosing recipients except tags, which narrow it.
 */
export async function checkRetarget(
  db: Db,
  businessId: string,
  audience: RetargetAudience | null | undefined,
  rest: { sendToAllContact?: boolean; selectedContactId?: readonly string[] },
  self?: string,
): Promise<void> {
  if (!audience) return;
  if (rest.sendToAllContact)
    throw ValidationError.field('sendToAllContact', 'Must be false with a retarget audience');
  if (rest.selectedContactId?.length)
    throw ValidationError.field('selectedContactId', 'Must be empty with a retarget audience');
  const [from] = await db
    .select({ id: campaigns.id, isSentOut: campaigns.isSentOut })
    .from(campaigns)
    .where(and(eq(campaigns.businessId, businessId), eq(campaigns.id, audience.fromCampaign)));
  if (!from || from.id === self) throw ValidationError.field('audience.fromCampaign', 'Campaign not found');
  if (!from.isSentOut)
    throw ValidationError.field('audience.fromCampaign', 'That campaign has not been sent yet');
}

/** The stored columns of a retarget audience (both null without one). */
export function retargetColumns(audience: RetargetAudience | null | undefined) {
  return {
    audienceFromCampaign: audience?.fromCampaign ?? null,
    audienceOutcome: audience?.outcome ?? null,
  };
}

/** The retarget audience of a stored campaign, or null. */
export function retargetOf(row: { audienceFromCampaign: string | null; audienceOutcome: string | null }) {
  return row.audienceFromCampaign && row.audienceOutcome
    ? { fromCampaign: row.audienceFromCampaign, outcome: row.audienceOutcome as RetargetOutcome }
    : null;
}
