/** The tables only this module writes (test/architecture/table-owners.test.ts reads every write). */
export const OWNED_TABLES = ['price_card', 'price_card_history'] as const;
