import { Box, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type PointerEvent, useState } from 'react';
import { formatNumber } from './format';

/** One line, area or set of bars: its key in each row, its name in the legend, a Mantine colour ("blue.7"). */
export interface ChartSeries<K extends string> {
  name: K;
  label: string;
  color: string;
}

export interface ChartProps<K extends string, T extends Record<K, number>> {
  /** What the chart shows: the name of the figure, and the caption of its table for screen readers. */
  label: string;
  kind: 'line' | 'area' | 'bar';
  /** In the order of the x axis (oldest first). */
  data: T[];
  series: readonly ChartSeries<K>[];
  /** The heading of the x column in the table ("Day"). */
  xLabel: string;
  /** A point's name under the axis ("4 Nov"). */
  x: (row: T) => string;
  /** A point's full name in the tooltip and the table (the axis's one when left out). */
  xLong?: (row: T) => string;
  /** How a value reads in the tooltip and the table (a whole number when left out). */
  format?: (value: number) => string;
  /** The drawing's height in pixels, legend excluded. */
  h: number;
  /** Counts: the y axis's steps are whole numbers. */
  integers?: boolean;
}

const AXIS_TEXT = 'var(--mantine-color-gray-7)';
const GRID = 'var(--mantine-color-gray-3)';
const FONT = 12;
/** Roughly how wide a character of the axis font is: enough to keep labels apart without measuring text. */
const CHAR = 6.8;

const cssColor = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/** Up to about five round steps from 0 to at least `max` (0, 250, 500, 750, 1,000). */
export function yTicks(max: number, integers: boolean): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? raw;
  if (integers) step = Math.max(1, Math.ceil(step));
  const top = Math.ceil(max / step - 1e-9) * step;
  const out: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) out.push(Number(v.toFixed(10)));
  return out;
}

/**
 * The console's one chart: values over time as lines, areas or bars, drawn as plain SVG (no chart library:
 * the pages that show one stay light). A legend names the series, the y axis has round steps, the x axis as
 * many labels as fit, and pointing at the chart shows that point's values. The drawing is hidden from screen
 * readers; they read the same numbers as a table.
 */
export function Chart<K extends string, T extends Record<K, number>>(props: ChartProps<K, T>) {
  const { data, series, kind, h } = props;
  const { ref, width } = useElementSize<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const format = props.format ?? ((v: number) => formatNumber(v));
  const long = props.xLong ?? props.x;

  const max = Math.max(0, ...data.flatMap((row) => series.map((s) => row[s.name])));
  const ticks = yTicks(max, props.integers ?? false);
  const top = ticks[ticks.length - 1]!;
  const tickText = ticks.map((t) => formatNumber(t, Number.isInteger(t) ? 0 : 1));
  const left = Math.max(...tickText.map((t) => t.length)) * CHAR + 10;
  const right = 12;
  const plotTop = 8;
  const bottom = 24;
  const plotWidth = Math.max(0, width - left - right);
  const plotHeight = h - plotTop - bottom;
  const n = data.length;
  const bars = kind === 'bar';
  const band = n ? plotWidth / n : 0;
  const xAt = (i: number) =>
    bars ? left + (i + 0.5) * band : left + (n <= 1 ? plotWidth / 2 : (i * plotWidth) / (n - 1));
  const yAt = (v: number) => plotTop + plotHeight - (v / top) * plotHeight;

  // As many x labels as fit side by side, counted back from the latest point (always labelled).
  const labels = data.map(props.x);
  const labelWidth = Math.max(0, ...labels.map((l) => l.length)) * CHAR + 12;
  const every = Math.max(1, Math.ceil((n * labelWidth) / Math.max(1, plotWidth)));
  const shown = labels.map((_, i) => (n - 1 - i) % every === 0);

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    if (!n || !plotWidth) return;
    const box = event.currentTarget.getBoundingClientRect();
    const at = event.clientX - box.left - left;
    const i = bars ? Math.floor(at / band) : n <= 1 ? 0 : Math.round((at * (n - 1)) / plotWidth);
    setActive(Math.min(n - 1, Math.max(0, i)));
  };

  const barWidth = (band * 0.7) / series.length;
  const activeRow = active === null ? undefined : data[active];
  const activeX = active === null ? 0 : xAt(active);

  return (
    <Box component="figure" m={0} aria-label={props.label}>
      <div aria-hidden="true">
        {series.length > 1 && (
          <Group gap="md" justify="flex-end" mb={6} style={{ rowGap: 2 }}>
            {series.map((s) => (
              <Group key={s.name} gap={6} wrap="nowrap">
                <Box w={10} h={10} style={{ borderRadius: 5, background: cssColor(s.color) }} />
                <Text size="sm">{s.label}</Text>
              </Group>
            ))}
          </Group>
        )}
        <Box ref={ref} pos="relative" h={h}>
          {width > 0 && (
            <svg
              width={width}
              height={h}
              role="presentation"
              style={{ display: 'block', touchAction: 'pan-y' }}
              onPointerMove={pick}
              onPointerDown={pick}
              onPointerLeave={() => setActive(null)}
            >
              {ticks.map((t, i) => (
                <g key={t}>
                  <line
                    x1={left}
                    x2={width - right}
                    y1={yAt(t)}
                    y2={yAt(t)}
                    stroke={GRID}
                    strokeDasharray={t === 0 ? undefined : '4 4'}
                  />
                  <text x={left - 8} y={yAt(t)} dy="0.35em" textAnchor="end" fontSize={FONT} fill={AXIS_TEXT}>
                    {tickText[i]}
                  </text>
                </g>
              ))}
              {labels.map((label, i) =>
                shown[i] ? (
                  <text
                    // biome-ignore lint/suspicious/noArrayIndexKey: a point's place is its identity here
                    key={i}
                    x={Math.min(width - labelWidth / 2 + 6, Math.max(labelWidth / 2 - 6, xAt(i)))}
                    y={h - 6}
                    textAnchor="middle"
                    fontSize={FONT}
                    fill={AXIS_TEXT}
                  >
                    {label}
                  </text>
                ) : null,
              )}
              {active !== null && !bars && (
                <line x1={activeX} x2={activeX} y1={plotTop} y2={yAt(0)} stroke={GRID} />
              )}
              {active !== null && bars && (
                <rect
                  x={left + active * band}
                  y={plotTop}
                  width={band}
                  height={plotHeight}
                  fill="var(--mantine-color-gray-1)"
                />
              )}
              {bars
                ? series.map((s, k) =>
                    data.map((row, i) => {
                      const v = row[s.name];
                      if (!v) return null;
                      return (
                        <rect
                          // biome-ignore lint/suspicious/noArrayIndexKey: a point's place is its identity here
                          key={`${s.name}-${i}`}
                          x={left + i * band + band * 0.15 + k * barWidth}
                          y={yAt(v)}
                          width={Math.max(1, barWidth - (series.length > 1 ? 1 : 0))}
                          height={Math.max(1, yAt(0) - yAt(v))}
                          fill={cssColor(s.color)}
                          data-series={s.name}
                        />
                      );
                    }),
                  )
                : series.map((s) => {
                    const points = data.map(
                      (row, i) => `${xAt(i).toFixed(1)},${yAt(row[s.name]).toFixed(1)}`,
                    );
                    const line = `M${points.join('L')}`;
                    return (
                      <g key={s.name} data-series={s.name}>
                        {kind === 'area' && n > 1 && (
                          <path
                            d={`${line}L${xAt(n - 1).toFixed(1)},${yAt(0)}L${xAt(0).toFixed(1)},${yAt(0)}Z`}
                            fill={cssColor(s.color)}
                            fillOpacity={0.12}
                          />
                        )}
                        {n > 1 && (
                          <path
                            d={line}
                            fill="none"
                            stroke={cssColor(s.color)}
                            strokeWidth={2}
                            strokeLinejoin="round"
                          />
                        )}
                        {(n === 1 || active !== null) && (
                          <circle
                            cx={xAt(active ?? 0)}
                            cy={yAt(data[active ?? 0]![s.name])}
                            r={4}
                            fill={cssColor(s.color)}
                            stroke="var(--mantine-color-body)"
                            strokeWidth={1.5}
                          />
                        )}
                      </g>
                    );
                  })}
            </svg>
          )}
          {activeRow && (
            <Box
              pos="absolute"
              top={plotTop}
              p="xs"
              bg="var(--mantine-color-body)"
              bd="1px solid var(--mantine-color-gray-3)"
              style={{
                pointerEvents: 'none',
                borderRadius: 'var(--mantine-radius-sm)',
                boxShadow: 'var(--mantine-shadow-sm)',
                whiteSpace: 'nowrap',
                zIndex: 1,
                ...(activeX > width / 2 ? { right: width - activeX + 12 } : { left: activeX + 12 }),
              }}
            >
              <Text size="sm" fw={700} mb={4}>
                {long(activeRow)}
              </Text>
              {series.map((s) => (
                <Group key={s.name} gap={6} wrap="nowrap" justify="space-between">
                  <Group gap={6} wrap="nowrap">
                    <Box w={8} h={8} style={{ borderRadius: 4, background: cssColor(s.color) }} />
                    <Text size="sm">{s.label}</Text>
                  </Group>
                  <Text size="sm" fw={500}>
                    {format(activeRow[s.name])}
                  </Text>
                </Group>
              ))}
            </Box>
          )}
        </Box>
      </div>
      {/* Mantine's VisuallyHidden is a span, which may not hold a table: a div of its class. */}
      <div className="mantine-visually-hidden">
        <table>
          <caption>{props.label}</caption>
          <thead>
            <tr>
              <th scope="col">{props.xLabel}</th>
              {series.map((s) => (
                <th key={s.name} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are points in order, never reordered
              <tr key={i}>
                <th scope="row">{long(row)}</th>
                {series.map((s) => (
                  <td key={s.name}>{format(row[s.name])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Box>
  );
}
