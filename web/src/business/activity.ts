import { ACTIVITY_KINDS, type ActivityKind, MESSAGE_STATE_LABELS } from '../api/model';

/** Each kind of activity's colour in the business's charts. */
const COLORS: Record<ActivityKind, string> = {
  sent: 'blue.7',
  delivered: 'teal.8',
  read: 'violet.7',
  failed: 'red.9',
};

/** A chart's series: one per kind of activity the service counts, in its order. */
export const ACTIVITY_SERIES = ACTIVITY_KINDS.map((kind) => ({
  name: kind,
  label: MESSAGE_STATE_LABELS[kind],
  color: COLORS[kind],
}));

/** One point's counts, one per kind of activity. */
export type ActivityCounts = Record<ActivityKind, number>;
