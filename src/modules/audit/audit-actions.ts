/** Every action the audit log records, `resource.verb` (docs/api.md "Audit log"). */
export const AUDIT_ACTIONS = [
  'account.signed_in',
  'member.invited',
  'invitation.resent',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'ownership.transferred',
  'seats.changed',
  'conversation.assigned',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How long entries are kept. */
export const AUDIT_RETENTION_DAYS = 365;
