/** The tables only this module writes (test/architecture/table-owners.test.ts reads every write). */
export const OWNED_TABLES = ['bank_accounts'] as const;
