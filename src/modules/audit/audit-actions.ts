/** Every action the audit log records, `resource.verb` (docs/api.md "Audit log"). */
export const AUDIT_ACTIONS = [
  'account.signed_in',
  // Members and seats.
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'ownership.transferred',
  'seats.changed',
  // The business: its profile, its messaging provider, its settings.
  'business.updated',
  'business.verification_submitted',
  'provider.credentials_saved',
  'notification_settings.updated',
  'business.charging_changed',
  // Templates.
  'template.created',
  'template.deleted',
  'templates.synced',
  // Campaigns.
  'campaign.created',
  'campaign.updated',
  'campaign.deleted',
  'campaign.published',
  'campaign.paused',
  'campaign.resumed',
  'campaign.cancelled',
  'campaign.retried',
  'campaign.winner_chosen',
  // Contacts.
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'contacts.deleted',
  'contacts.imported',
  'contacts.exported',
  'contacts.tagged',
  'contact_field.created',
  'contact_field.updated',
  'contact_field.deleted',
  'segment.created',
  'segment.updated',
  'segment.deleted',
  // Money.
  'wallet.checkout_started',
  'wallet.purchase_completed',
  // The inbox.
  'conversation.assigned',
  'inbox_assignment.updated',
  // Automated answers.
  'automation_rule.created',
  'automation_rule.updated',
  'automation_rule.deleted',
  'automation_rule.enabled',
  'automation_rule.disabled',
  'business_hours.updated',
  'automation_settings.updated',
  // Programs' access.
  'api_key.created',
  'api_key.rotated',
  'api_key.revoked',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated',
  'webhook_delivery.replayed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How long entries are kept. */
export const AUDIT_RETENTION_DAYS = 365;
