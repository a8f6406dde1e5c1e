// The tickets module's public surface: other modules, jobs and the app import from here, never from its
// inner files.
export { ticketsRoutes } from './tickets.routes.js';
