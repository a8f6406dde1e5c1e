import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { campaigns } from '../../platform/db/schema/index.js';
import { ValidationError } from '../../platform/http/errors.js';
import { segmentExists } from '../contacts/index.js';
import type { RetargetOutcome } from '../messages/index.js';

/** A retarget audience: the recipients of another campaign of the business with an outcome. */
export interface RetargetAudience {
  fromCampaign: string;
  outcome: RetargetOutcome;
}

/** A segment audience: the opted-in contacts of a saved segment when the campaign goes out. */
export interface SegmentAudience {
  segmentId: string;
}

export type CampaignAudience = RetargetAudience | SegmentAudience;

export const isSegmentAudience = (a: CampaignAudience | null | undefined): a is SegmentAudience =>
  !!a && 'segmentId' in a;

/**
 * A retarget audience names a campaign of the caller's business that went out (another business's is as
 * unknown as a missing one: a 400 naming the field, as for `templateId`), and replaces the other ways of
 * choosing recipients except tags, which narrow it.
 */
export async function checkRetarget(
  db: Db,
  businessId: string,
  audience: CampaignAudience | null | undefined,
  rest: { sendToAllContact?: boolean; selectedContactId?: readonly string[]; tags?: readonly string[] },
  self?: string,
): Promise<void> {
  if (!audience) return;
  if (isSegmentAudience(audience)) return checkSegmentAudience(db, businessId, audience, rest);
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

/** A segment replaces every other way of choosing recipients; it must be one of the business's. */
async function checkSegmentAudience(
  db: Db,
  businessId: string,
  audience: SegmentAudience,
  rest: { sendToAllContact?: boolean; selectedContactId?: readonly string[]; tags?: readonly string[] },
): Promise<void> {
  if (rest.sendToAllContact) throw ValidationError.field('sendToAllContact', 'Must be false with a segment');
  if (rest.selectedContactId?.length)
    throw ValidationError.field('selectedContactId', 'Must be empty with a segment');
  if (rest.tags?.length) throw ValidationError.field('tags', 'Must be empty with a segment: add them to it');
  if (!(await segmentExists(db, businessId, audience.segmentId)))
    throw ValidationError.field('audience.segmentId', 'Segment not found');
}

/** The stored columns of an audience (all null without one). */
export function retargetColumns(audience: CampaignAudience | null | undefined) {
  const retarget = audience && !isSegmentAudience(audience) ? audience : null;
  return {
    audienceFromCampaign: retarget?.fromCampaign ?? null,
    audienceOutcome: retarget?.outcome ?? null,
    audienceSegmentId: isSegmentAudience(audience) ? audience.segmentId : null,
  };
}

/** The audience of a stored campaign, or null. */
export function retargetOf(row: {
  audienceFromCampaign: string | null;
  audienceOutcome: string | null;
  audienceSegmentId: string | null;
}): CampaignAudience | null {
  if (row.audienceSegmentId) return { segmentId: row.audienceSegmentId };
  return row.audienceFromCampaign && row.audienceOutcome
    ? { fromCampaign: row.audienceFromCampaign, outcome: row.audienceOutcome as RetargetOutcome }
    : null;
}
