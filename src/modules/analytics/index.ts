// The analytics module's public surface: other modules, jobs and the app import from here, never from its
// inner files.
export { analyticsRoutes } from './analytics.routes.js';
