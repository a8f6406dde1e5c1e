import type { Data } from '../../api/types';

type Campaign = Data<'/api/v1/campaigns/{id}', 'get'>;
export type Outcome = Extract<NonNullable<Campaign['audience']>, { outcome: unknown }>['outcome'];

/** What each retarget outcome is called on the campaign page and in the composer. */
export const OUTCOME_LABEL: Record<Outcome, string> = {
  failed: 'whose message failed',
  'not-delivered': 'who did not get it',
  'delivered-not-read': 'who did not read it',
  read: 'who read it',
  clicked: 'who clicked',
  'read-not-clicked': 'who read it and did not click',
};

export const OUTCOMES = Object.keys(OUTCOME_LABEL) as Outcome[];
