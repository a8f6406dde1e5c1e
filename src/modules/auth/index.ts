// The auth module's public surface for the accounts it owns: other modules import from here, never from
// its repositories.
export { type AccountChanges, emailTaken, findAccountById, updateAccount } from './account.repository.js';
