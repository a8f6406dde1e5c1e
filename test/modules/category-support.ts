import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../src/platform/db/client.js';
import type { TestUser } from '../factories.js';
import type { TestApp } from '../harness.js';
import {
  cloudWebhookBody,
  type GraphApiSimulator,
  qualityUpdateValue,
  signedHeaders,
} from '../simulators/graph-api.js';
import { APP_SECRET } from './cloud-support.js';

type Category = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';

/** A template row of the business (one body variable), as the Cloud sync would store it. */
export async function storeTemplate(
  t: TestApp,
  owner: { user: TestUser; account: { wabaId: string } },
  opts: {
    category: Category;
    status?: string;
    provider?: 'gateway' | 'whatsapp-cloud';
    sim?: GraphApiSimulator;
  },
) {
  const name = `tpl_${opts.category.toLowerCase()}_${randomInt(1e9)}`;
  const components = [{ type: 'BODY', text: 'Hello {{1}}, welcome' }];
  // The provider holds it too (approved), so a send of it is accepted.
  const held = opts.sim?.addTemplate({
    wabaId: owner.account.wabaId,
    name,
    language: 'en_US',
    category: opts.category,
    status: 'APPROVED',
    components,
  });
  const [row] = await queryRows<{ id: string; name: string; provider_template_id: string }>(
    t.db,
    sql`INSERT INTO templates (business_id, provider, name, language, category, status, components,
                               provider_template_id, waba_id)
        VALUES (${owner.user.businessId}, ${opts.provider ?? 'whatsapp-cloud'}, ${name}, 'en_US',
                ${opts.category}, ${opts.status ?? 'APPROVED'},
                ${JSON.stringify(components)}::jsonb,
                ${held?.id ?? String(randomInt(1e12))}, ${owner.account.wabaId})
        RETURNING id, name, provider_template_id`,
  );
  return { id: row!.id, name: row!.name, providerTemplateId: row!.provider_template_id };
}

/** A Cloud webhook change, signed, answered 200. */
export async function cloudEvent(t: TestApp, wabaId: string, field: string, value: Record<string, unknown>) {
  const body = cloudWebhookBody(wabaId, field, value);
  const res = await t.request({
    url: '/webhooks/whatsapp-cloud',
    headers: signedHeaders(APP_SECRET, body),
    payload: body,
  });
  expect(res.status).toBe(200);
}

/** `template_category_update` for a stored template. */
export function categoryUpdate(
  t: TestApp,
  wabaId: string,
  template: { name: string; providerTemplateId: string },
  from: Category,
  to: Category,
) {
  return cloudEvent(t, wabaId, 'template_category_update', {
    message_template_id: Number(template.providerTemplateId),
    message_template_name: template.name,
    message_template_language: 'en_US',
    previous_category: from,
    new_category: to,
  });
}

/** The number's quality as Meta reports it (`RED` flagged, `GREEN` unflagged). */
export function qualityEvent(t: TestApp, wabaId: string, wabaNumber: string, quality: 'RED' | 'GREEN') {
  return cloudEvent(
    t,
    wabaId,
    'phone_number_quality_update',
    qualityUpdateValue(wabaNumber, {
      event: quality === 'RED' ? 'FLAGGED' : 'UNFLAGGED',
      currentLimit: 'TIER_1K',
      quality,
    }),
  );
}

/** The body of a campaign to everyone of a business, sent as `templateId` with its one variable mapped. */
export function templateCampaign(templateId: string, over: Record<string, unknown> = {}) {
  return {
    name: 'Offer',
    message: 'Hello {{1}}',
    sendToAllContact: true,
    isScheduled: false,
    templateId,
    templateParameters: { body: [{ field: 'firstName' }] },
    ...over,
  };
}
