import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { ACTIVITY_SERIES, type ActivityCounts } from '../activity';

export default function TimelineChart({ data }: { data: ({ start: string } & ActivityCounts)[] }) {
  const rows = data.map((d) => ({
    ...d,
    at: new Date(d.start).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
  }));
  return <LineChart h={220} data={rows} dataKey="at" withLegend series={ACTIVITY_SERIES} />;
}
