// The automation module's public surface: automated answers to what contacts write (rules, business hours,
// settings), called by the webhooks once a delivery is stored and its opt-in and opt-out words applied.
export { automationRoutes } from './automation.routes.js';
export { answerInbound } from './engine.js';
export { optOutWordOf, recordConsentForAutomation } from './opt-out-words.js';
export { sendPendingAutomation } from './pending-sender.js';
export { onAutomationSignal } from './pending-signal.js';
