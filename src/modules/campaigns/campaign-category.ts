import type { Db } from '../../platform/db/client.js';
import { ValidationError } from '../../platform/http/errors.js';
import { findTemplateOfBusiness, type TemplateRow } from '../templates/index.js';
import type { Variant } from './ab-test.js';
import type { MessageType } from './campaign-billing.js';

/**
 * The category of what a campaign sends decides its price and its pause rule (docs/decisions/campaigns.md
 * "What decides a campaign's message type?"): each of its templates (its own, each variant's) counts by the
 * template's category as the provider holds it now; a part sent as text counts as the declared
 * `messageType`.
 */

const TYPE_OF_CATEGORY = {
  MARKETING: 'marketing',
  UTILITY: 'utility',
  AUTHENTICATION: 'authentication',
} as const satisfies Record<TemplateRow['category'], MessageType>;

/** When parts disagree after publish (a template moved), the first of these among them counts. */
const PRECEDENCE: readonly MessageType[] = ['marketing', 'utility', 'authentication'];

/** What a campaign sends, as far as its type goes. */
export interface CampaignParts {
  messageType: MessageType;
  templateId?: string | null;
  variants?: unknown;
}

interface Part {
  /** The field a 400 names. */
  field: string;
  /** How a message names the part. */
  label: string;
  type: MessageType;
}

async function partsOf(db: Db, businessId: string, c: CampaignParts): Promise<Part[]> {
  const one = async (field: string, who: string, templateId: string | null | undefined): Promise<Part> => {
    const template = templateId ? await findTemplateOfBusiness(db, businessId, templateId) : null;
    if (!template) return { field, label: `${who} (text, declared ${c.messageType})`, type: c.messageType };
    return {
      field,
      label: `${who}'s template ${template.name} (${template.category})`,
      type: TYPE_OF_CATEGORY[template.category],
    };
  };
  const parts = [await one('templateId', 'the campaign', c.templateId)];
  for (const [i, v] of ((c.variants as Variant[] | null) ?? []).entries())
    parts.push(await one(`variants.${i}.templateId`, `variant ${v.name}`, v.templateId));
  return parts;
}

/**
 * At publish and in the estimate: the one type of everything the campaign sends. Parts of different
 * categories are a 400 naming the first that differs from the campaign's own: one campaign, one price.
 */
export async function messageTypeToPublish(
  db: Db,
  businessId: string,
  c: CampaignParts,
): Promise<MessageType> {
  const [own, ...variants] = await partsOf(db, businessId, c);
  const odd = variants.find((p) => p.type !== own!.type);
  if (odd)
    throw ValidationError.field(
      odd.field,
      `${odd.label[0]!.toUpperCase()}${odd.label.slice(1)} is ${odd.type} but ${own!.label} is ${own!.type}: ` +
        "a campaign's messages are all of one category, priced at its rate. Use templates of one category",
    );
  return own!.type;
}

/**
 * After publish (a retry's price, the quality pause, resume): the type of what the campaign sends now,
 * following a template the provider moved to another category; parts that no longer agree count as the
 * first of marketing, utility, authentication among them.
 */
export async function messageTypeNow(db: Db, businessId: string, c: CampaignParts): Promise<MessageType> {
  const types = new Set((await partsOf(db, businessId, c)).map((p) => p.type));
  return PRECEDENCE.find((t) => types.has(t)) ?? c.messageType;
}
