// The members module's public surface: other modules import from here, never from its inner files.

export { membersRoutes } from './members.routes.js';
