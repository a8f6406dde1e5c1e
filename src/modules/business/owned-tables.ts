/** The tables only this module writes (test/architecture/table-owners.test.ts reads every write). */
export const OWNED_TABLES = ['businesses', 'business_members', 'waba_number_events'] as const;
