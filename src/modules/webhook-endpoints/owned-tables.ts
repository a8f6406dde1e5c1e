/** The tables only this module writes (test/architecture/table-owners.test.ts reads every write). */
export const OWNED_TABLES = ['webhook_endpoints', 'webhook_deliveries'] as const;
