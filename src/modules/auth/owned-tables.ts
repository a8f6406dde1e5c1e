/** The tables only this module writes (test/architecture/table-owners.test.ts reads every write). */
export const OWNED_TABLES = ['accounts', 'refresh_sessions', 'verification_tokens'] as const;
