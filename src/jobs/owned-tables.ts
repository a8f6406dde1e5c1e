/** The tables only the send engine writes: the dispatcher's shared token buckets. */
export const OWNED_TABLES = ['rate_limit_buckets'] as const;
