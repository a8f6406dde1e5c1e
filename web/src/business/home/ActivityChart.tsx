import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';

/** Messages per day (its own chunk: the chart library loads only where a chart is drawn). */
export default function ActivityChart({
  days,
}: {
  days: { day: string; sent: number; delivered: number; read: number; failed: number }[];
}) {
  return (
    <AreaChart
      h={240}
      data={days}
      dataKey="day"
      withLegend
      series={[
        { name: 'sent', label: 'Sent', color: 'blue.7' },
        { name: 'delivered', label: 'Delivered', color: 'teal.8' },
        { name: 'read', label: 'Read', color: 'violet.7' },
        { name: 'failed', label: 'Failed', color: 'red.9' },
      ]}
      curveType="monotone"
    />
  );
}
