// The users module's public surface: other modules, jobs and the app import from here, never from its
// inner files.
export { usersRoutes } from './users.routes.js';
