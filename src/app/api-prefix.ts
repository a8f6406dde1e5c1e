/** Where the versioned API is mounted; the docs, metrics and sandbox pages sit outside it. */
export const API_PREFIX = '/api/v1';
