// The campaigns module's public surface: other modules, jobs and the app import from here, never from its
// inner files.
export { chooseWinner, decideDueTests, pickWinner, startAbDecisions } from './ab-test.js';
export { campaignsSentOutBetween } from './campaign-activity.js';
export { completeIfDone } from './campaign-completion.js';
export { type CampaignContent, loadCampaignContent } from './campaign-content.js';
export {
  pauseMarketingCampaigns,
  QUALITIES_THAT_PAUSE_MARKETING,
  qualityPauseReason,
} from './campaign-controls.js';
export { notifyCampaignSent } from './campaign-notices.js';
export { rechargeDeliveredMessages } from './campaign-recharge.js';
export {
  type FailureRefund,
  refundDueCampaigns,
  refundFailedMessages,
  refundUnbilledMessages,
} from './campaign-refund.js';
export { type DueCampaign, releaseDueCampaigns } from './campaign-release.js';
export { settleDeliveredMessages } from './campaign-settle.js';
export { stopCampaignSends } from './campaign-stop.js';
export { campaignsRoutes } from './campaigns.routes.js';
export { timeZone } from './campaigns.schemas.js';
export { type Delivery, deliverLatestCampaign } from './opt-in-delivery.js';
