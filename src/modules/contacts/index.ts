// The contacts module's public surface: other modules import from here, never from its repository.
export { countContacts } from './contacts.repository.js';
