import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { ACTIVITY_SERIES, type ActivityCounts } from '../activity';

/** Messages per day (its own chunk: the chart library loads only where a chart is drawn). */
export default function ActivityChart({ days }: { days: ({ day: string } & ActivityCounts)[] }) {
  return (
    <AreaChart h={240} data={days} dataKey="day" withLegend series={ACTIVITY_SERIES} curveType="monotone" />
  );
}
