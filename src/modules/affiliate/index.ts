// The affiliate module's public surface: other modules import from here, never from its repository.
export { reverseCampaignCommission } from './commission-reversal.js';
