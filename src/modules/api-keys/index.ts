// The api-keys module's public surface: other modules import from here, never from its inner files.

export { resolveApiKey } from './api-key-auth.js';
export { apiKeysRoutes } from './api-keys.routes.js';
