import { ACTIVITY_KINDS, type ActivityKind, ENGAGEMENT_LABELS, MESSAGE_STATE_LABELS } from '../api/model';

/** Each kind of activity's colour in the business's charts. */
const COLORS: Record<ActivityKind, string> = {
  sent: 'blue.7',
  delivered: 'teal.8',
  read: 'violet.7',
  failed: 'red.9',
  clicked: 'orange.7',
  replied: 'grape.7',
};

const LABELS: Record<ActivityKind, string> = { ...MESSAGE_STATE_LABELS, ...ENGAGEMENT_LABELS };

/** A chart's series: one per kind of activity the service counts, in its order. */
export const ACTIVITY_SERIES = ACTIVITY_KINDS.map((kind) => ({
  name: kind,
  label: LABELS[kind],
  color: COLORS[kind],
}));

/** One point's counts, one per kind of activity. */
export type ActivityCounts = Record<ActivityKind, number>;
