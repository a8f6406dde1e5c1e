/** The tables only this module writes (test/architecture/table-owners.test.ts reads every write). */
export const OWNED_TABLES = [
  'automation_rules',
  'business_hours',
  'automation_settings',
  'automation_sends',
  'automation_opt_outs',
  'automation_pending',
] as const;
