import { Chart } from '../../ui/chart';
import { shortDay } from '../../ui/format';
import { ACTIVITY_SERIES, type ActivityCounts } from '../activity';

/** Messages per day, each kind of activity an area. */
export function ActivityChart({ days }: { days: ({ day: string } & ActivityCounts)[] }) {
  return (
    <Chart
      kind="area"
      label="Messages per day, last 30 days"
      h={210}
      data={days}
      series={ACTIVITY_SERIES}
      xLabel="Day"
      x={(d) => shortDay(d.day)}
      xLong={(d) => d.day}
      integers
    />
  );
}
