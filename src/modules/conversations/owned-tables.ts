/** The tables only this module writes (test/architecture/table-owners.test.ts reads every write). */
export const OWNED_TABLES = [
  'conversations',
  'conversation_messages',
  'inbox_assignment',
  'inbox_assignment_turns',
  'service_allowance_usage',
] as const;
