// The consent module's public surface: what happens when a person opts in or out of a business's messages.
// It sits above contacts, messages and campaigns (it calls each through its index), so none of them needs it.
export { type ConsentBusiness, type ConsentReply, ConsentService } from './consent.js';
export { optOutForProvider } from './provider-opt-out.js';
