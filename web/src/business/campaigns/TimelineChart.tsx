import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

export default function TimelineChart({
  data,
}: {
  data: { start: string; sent: number; delivered: number; read: number; failed: number }[];
}) {
  const rows = data.map((d) => ({
    ...d,
    at: new Date(d.start).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
  }));
  return (
    <LineChart
      h={220}
      data={rows}
      dataKey="at"
      withLegend
      series={[
        { name: 'sent', label: 'Sent', color: 'blue.7' },
        { name: 'delivered', label: 'Delivered', color: 'teal.8' },
        { name: 'read', label: 'Read', color: 'violet.7' },
        { name: 'failed', label: 'Failed', color: 'red.9' },
      ]}
    />
  );
}
