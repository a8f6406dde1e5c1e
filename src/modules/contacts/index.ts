// The contacts module's public surface: other modules import from here, never from its repository.

export { type Audience, countAudience } from './contact-audience.js';
export { searchWords } from './contact-search.js';
export { countContacts } from './contacts.repository.js';
export type { ExportLayout } from './export/export-writers.js';
export { EXPORT_IDLE_TIMEOUT_MS } from './export/idle-guard.js';
export { type Cell, openRecordCursor, type RecordCursor } from './export/record-cursor.js';
export { type FileExport, streamExport } from './export/stream-export.js';
export { campaignOptOutCount, optActivityByDay } from './opt-activity.js';
export { sharedTransferLimits } from './transfer-limits.js';
