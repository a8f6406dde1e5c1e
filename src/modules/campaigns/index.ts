// The campaigns module's public surface: other modules and the jobs import from here.
export { stopCampaignSends } from './campaign-stop.js';
