/** The tables only this module writes (test/architecture/table-owners.test.ts reads every write). */
export const OWNED_TABLES = [
  'contacts',
  'contact_counts',
  'contact_tag_sets',
  'contact_opt_activity',
  'campaign_opt_outs',
  'contact_field_definitions',
  'segments',
] as const;
