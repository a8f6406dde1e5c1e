import type { CampaignStatus } from './campaign-statuses.js';

/**
 * A campaign's lifecycle, defined once: the states it can be in, the moves between them, and the API's
 * `status` each state answers. Owner: the campaigns module, the only writer of `campaigns.state` (every move
 * goes through its `moveCampaign` / `campaignMovesSql`, conditional on the state it moves from). The
 * database check, the API's schemas, the real-time progress event and the console's badge
 * (`web/src/api/model.ts`, by `npm run web:api`) are derived from these lists.
 *
 * - `draft`: being written; nothing queued or paid.
 * - `scheduled`: published, waiting for its time (queued and paid, or, to a segment, paid at its time). A
 *   quality drop may pause it while it waits (`pausedAt` set): it goes out paused.
 * - `sending`: sent out, messages still to send or in flight.
 * - `paused`: sent out, its waiting messages held until the business resumes it.
 * - `stopped`: the provider refused the sender (template, token, permission): its waiting messages failed;
 *   it completes once the messages in flight are final.
 * - `completed`: every message is final. A retry of its given-up messages sends it again.
 */
export const CAMPAIGN_STATES = ['draft', 'scheduled', 'sending', 'paused', 'stopped', 'completed'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** The moves a campaign's state may make, from each state: the only place they are written down. */
export const CAMPAIGN_TRANSITIONS = {
  // Published: to wait for its time, or sent out at once.
  draft: ['scheduled', 'sending'],
  // Cancelled (or, to a segment, unable to go out at its time): a draft again. Its time came: sent out,
  // paused when a quality drop paused it while it waited.
  scheduled: ['draft', 'sending', 'paused'],
  sending: ['paused', 'stopped', 'completed'],
  // Resumed; stopped by a send in flight at the pause; completed when nothing was left to hold.
  paused: ['sending', 'stopped', 'completed'],
  stopped: ['completed'],
  // Retried: its given-up messages go out again.
  completed: ['sending'],
} as const satisfies Record<CampaignState, readonly CampaignState[]>;

/** Whether a campaign may move from `from` to `to`. */
export const canMoveCampaign = (from: CampaignState, to: CampaignState): boolean =>
  (CAMPAIGN_TRANSITIONS[from] as readonly CampaignState[]).includes(to);

/** The states a campaign may move to `to` from. */
export const campaignStatesBefore = (to: CampaignState): CampaignState[] =>
  CAMPAIGN_STATES.filter((from) => canMoveCampaign(from, to));

/**
 * The API's `status` (the specification's four words, which clients rely on) of a campaign in each state:
 * paused and stopped ones are still `pending` (they have messages to send), a completed one `sent`.
 */
export const CAMPAIGN_STATUS_OF_STATE = {
  draft: 'draft',
  scheduled: 'scheduled',
  sending: 'pending',
  paused: 'pending',
  stopped: 'pending',
  completed: 'sent',
} as const satisfies Record<CampaignState, CampaignStatus>;

/** A campaign's API `status`, from its state. */
export const campaignStatusOf = (state: CampaignState): CampaignStatus => CAMPAIGN_STATUS_OF_STATE[state];

/** The states answered as `status`, for the list filter and the counts by status. */
export const campaignStatesOfStatus = (status: CampaignStatus): CampaignState[] =>
  CAMPAIGN_STATES.filter((s) => CAMPAIGN_STATUS_OF_STATE[s] === status);
