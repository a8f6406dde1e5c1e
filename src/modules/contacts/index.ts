// The contacts module's public surface: other modules import from here, never from its inner files.

export { type Audience, countAudience, countAudienceByCountry } from './contact-audience.js';
export { optInContact, optOutContact } from './contact-consent.js';
export { fillContactCountries } from './contact-country.js';
export { ensureContacts } from './contact-ensure.js';
export { NAME_MAX, TAG_MAX, TAG_SEPARATORS, TAGS_MAX } from './contact-fields.js';
export { searchWords } from './contact-search.js';
export { countContacts } from './contacts.repository.js';
export { contactsRoutes } from './contacts.routes.js';
export { contactFieldKeys, contactFieldValues } from './custom-fields/field-definitions.repository.js';
export { fieldDefinitionsRoutes } from './custom-fields/field-definitions.routes.js';
export type { ExportLayout } from './export/export-writers.js';
export { EXPORT_IDLE_TIMEOUT_MS } from './export/idle-guard.js';
export { type Cell, openRecordCursor, type RecordCursor } from './export/record-cursor.js';
export { type FileExport, streamExport } from './export/stream-export.js';
export { sweepAbandonedSpools } from './import/file-spool.js';
export { contactsObjects } from './module-objects.js';
export { campaignOptOutCount, optActivityByDay } from './opt-activity.js';
export { countryOfPhone, NO_COUNTRY, toE164, toGatewayNumber } from './phone.js';
export { segmentCondition } from './segments/segment-query.js';
export {
  countMatching as countSegment,
  countMatchingByCountry as countSegmentByCountry,
  segmentExists,
} from './segments/segments.repository.js';
export { segmentsRoutes } from './segments/segments.routes.js';
