import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES } from '../../platform/db/schema/index.js';
import { pageQuery } from '../../platform/http/pagination.js';
import { WEBHOOK_EVENT_TYPES } from './webhook-event-types.js';

const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

/** An endpoint as listed: never its secret. */
export const endpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  /** Why it is switched off (by a member, or after a day of failed deliveries); null while enabled. */
  disabledReason: z.string().nullable(),
  /** Since when its automatic deliveries have all failed; null while they succeed. */
  failingSince: z.string().nullable(),
  /** Until when the secret a rotation replaced still signs deliveries (a second signature); null when none does. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** An endpoint just created or whose secret was just rotated: the signing secret, shown this once. */
export const issuedEndpointSchema = endpointSchema.extend({ secret: z.string() });

export const createEndpointBody = z.object({
  url: z.string().trim().min(1).max(2000),
  description: z.string().trim().max(500).default(''),
  eventTypes,
});

export const updateEndpointBody = z
  .object({
    url: z.string().trim().min(1).max(2000).optional(),
    description: z.string().trim().max(500).optional(),
    eventTypes: eventTypes.optional(),
    /** false switches it off (its pending deliveries fail); true switches it on and clears its failing time. */
    enabled: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Give at least one field to change',
  });

export const deliverySchema = z.object({
  id: z.string(),
  endpointId: z.uuid(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** Whether its last attempt was a member's replay. */
  manual: z.boolean(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  /** The body posted: `{ type, timestamp, data }`. */
  payload: z.unknown(),
});

export const deliveriesQuery = pageQuery.extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional() });

export const deliveryParams = z.object({
  id: z.guid('Must be a UUID'),
  deliveryId: z.string().regex(/^msg_[0-9a-f]{32}$/, 'Must be a delivery id (msg_…)'),
});
