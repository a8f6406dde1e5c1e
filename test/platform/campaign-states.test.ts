import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_STATES,
  CAMPAIGN_TRANSITIONS,
  type CampaignState,
  campaignStatesBefore,
  campaignStatesOfStatus,
  campaignStatusOf,
  canMoveCampaign,
} from '../../src/vocabulary/campaign-states.js';

describe("a campaign's states and the moves between them", () => {
  const allowed: [CampaignState, CampaignState][] = [
    ['draft', 'scheduled'],
    ['draft', 'sending'],
    ['scheduled', 'draft'],
    ['scheduled', 'sending'],
    ['scheduled', 'paused'],
    ['sending', 'paused'],
    ['sending', 'stopped'],
    ['sending', 'completed'],
    ['paused', 'sending'],
    ['paused', 'stopped'],
    ['paused', 'completed'],
    ['stopped', 'completed'],
    ['completed', 'sending'],
  ];

  it('allows exactly the moves the lifecycle makes, and refuses every other', () => {
    const moves = CAMPAIGN_STATES.flatMap((from) =>
      CAMPAIGN_STATES.filter((to) => canMoveCampaign(from, to)).map((to) => [from, to]),
    );
    expect(moves).toEqual(allowed);
    // A few a user would notice: a stopped campaign does not resume, a sent one is not a draft again, a
    // draft does not pause, nothing stays where it is by a move.
    expect(canMoveCampaign('stopped', 'sending')).toBe(false);
    expect(canMoveCampaign('completed', 'draft')).toBe(false);
    expect(canMoveCampaign('draft', 'paused')).toBe(false);
    for (const s of CAMPAIGN_STATES) expect(canMoveCampaign(s, s)).toBe(false);
    expect(Object.keys(CAMPAIGN_TRANSITIONS)).toEqual([...CAMPAIGN_STATES]);
  });

  it('knows where each state is reached from', () => {
    expect(campaignStatesBefore('completed')).toEqual(['sending', 'paused', 'stopped']);
    expect(campaignStatesBefore('stopped')).toEqual(['sending', 'paused']);
    expect(campaignStatesBefore('draft')).toEqual(['scheduled']);
  });

  it("answers the specification's status: paused and stopped are still pending", () => {
    expect(Object.fromEntries(CAMPAIGN_STATES.map((s) => [s, campaignStatusOf(s)]))).toEqual({
      draft: 'draft',
      scheduled: 'scheduled',
      sending: 'pending',
      paused: 'pending',
      stopped: 'pending',
      completed: 'sent',
    });
    expect(campaignStatesOfStatus('pending')).toEqual(['sending', 'paused', 'stopped']);
  });
});
