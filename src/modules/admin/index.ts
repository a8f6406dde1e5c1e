// The admin module's public surface: other modules, jobs and the app import from here, never from its
// inner files.
export { adminAccountsRoutes } from './admin-accounts.routes.js';
export { adminBusinessesRoutes } from './admin-businesses.routes.js';
export { adminTransactionsRoutes } from './admin-transactions.routes.js';
