import {
  abCampaign,
  account,
  apiKey,
  automationRule,
  business,
  campaign,
  contact,
  contactField,
  conversation,
  deliveringCampaign,
  exchangeRate,
  invitation,
  member,
  notification,
  pausedCampaign,
  plan,
  priceRow,
  type Resource,
  scheduledCampaign,
  segment,
  template,
  ticket,
  upload,
  webhookDelivery,
  webhookEndpoint,
} from './resources.js';

/**
 * What the path parameter of each route names, and who may reach it. Read by tenant-isolation.test.ts (the
 * expectations) and by hostile-input.test.ts (a real resource of the caller's, so hostile bodies reach the
 * service's own checks, not only the schema).
 *
 * - `tenant(resource, body?)`: belongs to one business. Another business gets 404 and the resource is
 *   untouched; its owner reaches it (2xx), which proves the factory made the right thing.
 * - `global(resource, status)`: shared by everyone (plans, exchange rates): any business gets `status`.
 * - `admin(resource, body?)`: an administration route; the id names any tenant's resource by design. A
 *   business gets 403 and the resource is untouched; an administrator reaches it (2xx).
 *
 * A route with a path parameter and no row here fails tenant-isolation.test.ts. To add one, add a line, for
 * example `'GET /contacts/{id}': tenant(contact),` (resources live in ./resources.ts).
 */
export type PathRow =
  | { scope: 'tenant'; resource: Resource; body?: unknown }
  | { scope: 'global'; resource: Resource; status: number; body?: unknown }
  | { scope: 'admin'; resource: Resource; body?: unknown };

const tenant = (resource: Resource, body?: unknown): PathRow => ({ scope: 'tenant', resource, body });
const global = (resource: Resource, status: number): PathRow => ({ scope: 'global', resource, status });
const admin = (resource: Resource, body?: unknown): PathRow => ({ scope: 'admin', resource, body });

export const PATH_ROUTES: Record<string, PathRow> = {
  'GET /campaigns/{id}': tenant(campaign),
  'PATCH /campaigns/{id}': tenant(campaign, { name: 'Taken over' }),
  'DELETE /campaigns/{id}': tenant(campaign),
  'GET /campaigns/{id}/messages': tenant(campaign),
  'GET /campaigns/{id}/messages/export': tenant(campaign),
  'GET /campaigns/{id}/report': tenant(campaign),
  'POST /campaigns/{id}/publish': tenant(campaign, { paymentMethod: 'credit' }),
  'POST /campaigns/{id}/cancel': tenant(scheduledCampaign),
  'GET /campaigns/{id}/variants': tenant(campaign),
  'POST /campaigns/{id}/winner': tenant(abCampaign, { variant: 'A' }),
  'POST /campaigns/{id}/pause': tenant(deliveringCampaign),
  'POST /campaigns/{id}/resume': tenant(pausedCampaign),
  'GET /campaigns/{id}/retry': tenant(deliveringCampaign),
  'POST /campaigns/{id}/retry': tenant(deliveringCampaign),
  'POST /notifications/{id}/read': tenant(notification),
  'GET /tickets/{id}': tenant(ticket),
  'POST /tickets/{id}/comments': tenant(ticket, { content: 'Mallory was here' }),
  'DELETE /upload/{id}': tenant(upload),
  'GET /contacts/{id}': tenant(contact),
  'PATCH /contacts/{id}': tenant(contact, { firstName: 'Mallory' }),
  'DELETE /contacts/{id}': tenant(contact),
  'GET /segments/{id}': tenant(segment),
  'GET /segments/{id}/count': tenant(segment),
  'PATCH /segments/{id}': tenant(segment, { name: 'Mallory' }),
  'DELETE /segments/{id}': tenant(segment),
  'PATCH /contact-fields/{id}': tenant(contactField, { label: 'Mallory' }),
  'DELETE /contact-fields/{id}': tenant(contactField),
  'GET /templates/{id}': tenant(template),
  'DELETE /templates/{id}': tenant(template),
  'GET /conversations/{id}': tenant(conversation),
  'GET /conversations/{id}/messages': tenant(conversation),
  'POST /conversations/{id}/messages': tenant(conversation, { text: 'Mallory was here' }),
  'POST /conversations/{id}/read': tenant(conversation),
  'PATCH /conversations/{id}': tenant(conversation, { status: 'closed' }),
  'PUT /conversations/{id}/assignee': tenant(conversation, { assigneeId: null }),
  'POST /conversations/{id}/take': tenant(conversation),
  'POST /conversations/{id}/release': tenant(conversation),

  'GET /plans/{id}': global(plan, 200),
  'GET /exchange-rates/{code}': global(exchangeRate, 200),

  'DELETE /exchange-rates/{code}': admin(exchangeRate),
  'DELETE /admin/price-card/{category}/{country}': admin(priceRow),
  'PATCH /plans/admin/{id}': admin(plan, { price: 1 }),
  'POST /plans/admin/{id}/deactivate': admin(plan),
  'GET /admin/businesses/{id}': admin(business),
  'PATCH /admin/businesses/{id}/verify': admin(business, { status: 'accepted' }),
  'POST /admin/businesses/{id}/promote-affiliate': admin(business),
  'DELETE /admin/businesses/{id}/waba-number': admin(business),
  'GET /admin/businesses/{id}/files': admin(business),
  'PATCH /admin/businesses/{id}/messaging-limit': admin(business, { dailyRecipients: 250 }),
  'PATCH /admin/businesses/{id}/seats': admin(business, { seatLimit: 4 }),
  'GET /admin/businesses/{id}/audit-log': admin(business),
  'PATCH /members/{id}': tenant(member, { role: 'viewer' }),
  'DELETE /members/{id}': tenant(member),
  'POST /members/invitations/{id}/resend': tenant(invitation),
  'DELETE /members/invitations/{id}': tenant(invitation),
  'POST /api-keys/{id}/rotate': tenant(apiKey, { overlapHours: 1 }),
  'DELETE /api-keys/{id}': tenant(apiKey),
  'GET /webhook-endpoints/{id}': tenant(webhookEndpoint),
  'PATCH /webhook-endpoints/{id}': tenant(webhookEndpoint, { description: 'Mallory was here' }),
  'DELETE /webhook-endpoints/{id}': tenant(webhookEndpoint),
  'POST /webhook-endpoints/{id}/rotate-secret': tenant(webhookEndpoint),
  'POST /webhook-endpoints/{id}/test': tenant(webhookEndpoint),
  'GET /webhook-endpoints/{id}/deliveries': tenant(webhookEndpoint),
  'POST /webhook-endpoints/{id}/deliveries/{deliveryId}/replay': tenant(webhookDelivery),
  'GET /automation/rules/{id}': tenant(automationRule),
  'PATCH /automation/rules/{id}': tenant(automationRule, { name: 'Renamed' }),
  'DELETE /automation/rules/{id}': tenant(automationRule),
  'POST /automation/rules/{id}/enable': tenant(automationRule),
  'POST /automation/rules/{id}/disable': tenant(automationRule),
  'POST /admin/campaigns/{id}/resume': admin(pausedCampaign),
  'PATCH /admin/accounts/{id}/role': admin(account, { role: 'admin' }),
  'PATCH /tickets/admin/{id}/status': admin(ticket, { status: 'closed', priority: 'high' }),
};
