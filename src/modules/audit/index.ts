// The audit module's public surface: other modules import from here, never from its inner files.

export {
  type AuditActor,
  type AuditEntry,
  actorOf,
  purgeExpiredAudit,
  recordAudit,
} from './audit.repository.js';
export { auditRoutes } from './audit.routes.js';
export { AUDIT_ACTIONS, AUDIT_RETENTION_DAYS, type AuditAction } from './audit-actions.js';
