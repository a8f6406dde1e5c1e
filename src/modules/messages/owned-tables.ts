/** The tables only this module writes (test/architecture/table-owners.test.ts reads every write). */
export const OWNED_TABLES = [
  'campaign_messages',
  'campaign_counters',
  'campaign_failure_reasons',
  'message_activity',
  'pending_receipts',
  'campaign_progress_emits',
  'messaging_window',
  'messaging_window_minutes',
] as const;
