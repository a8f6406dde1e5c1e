import { z } from 'zod';
import { pageQuery, pageSchema } from '../../platform/http/pagination.js';
import { AUDIT_ACTIONS } from './audit-actions.js';

const filters = {
  /** The member (account id) who made the changes. */
  actorId: z.uuid().optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** From this instant (inclusive), ISO 8601. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Up to this instant (exclusive), ISO 8601. */
  to: z.iso.datetime({ offset: true }).optional(),
};

export const auditQuery = pageQuery.extend(filters);
export const auditExportQuery = z.object(filters);

export const auditEntrySchema = z.object({
  id: z.uuid(),
  actorId: z.uuid().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});

export const auditPageSchema = pageSchema(auditEntrySchema);
