import { Chart } from '../../ui/chart';
import { formatDateTime } from '../../ui/format';
import { ACTIVITY_SERIES, type ActivityCounts } from '../activity';

/** What the campaign's messages did over time, each kind of activity a line. */
export function TimelineChart({ data }: { data: ({ start: string } & ActivityCounts)[] }) {
  return (
    <Chart
      kind="line"
      label="Timeline: messages per period"
      h={200}
      data={data}
      series={ACTIVITY_SERIES}
      xLabel="From"
      x={(d) => new Date(d.start).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}
      xLong={(d) => formatDateTime(d.start)}
      integers
    />
  );
}
