import { Box, Card, Checkbox, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';

/** A column of a ListView table: its header and what each row shows in it. */
export interface Column<T> {
  header: string;
  /** The header is read by screen readers only (a column of buttons). */
  hiddenHeader?: boolean;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  maw?: number;
  style?: CSSProperties;
}

/** Rows the reader ticks for an action on several at once (a checkbox a row, and one for the whole page). */
export interface Selection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The name of the page's checkbox ("Select every contact on this page"). */
  allLabel: string;
  /** The name of a row's checkbox ("Select Ada Obi"). */
  rowLabel: (row: T) => string;
}

/** How a table draws, beyond its columns. */
export interface TableLook<T> {
  /** The table's accessible name, when it is not the noun ("Invitations", "Last seven days"). */
  label?: string;
  striped?: boolean;
  /** Drawn inside a card of the page's own (under its heading): no card of its own around the table. */
  bare?: boolean;
  /** The table scrolls down past this height (a long report in a dialog). */
  maxHeight?: number;
  /** A test id on each row, for a check that reads rows by it. */
  rowTestId?: (row: T) => string;
  /** The rows are being fetched again (the table says it is busy). */
  busy?: boolean;
  selection?: Selection<T>;
}

type TableProps<T> = TableLook<T> & {
  items: T[];
  noun: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  minWidth: number;
};

/**
 * The rows of a ListView: a table on a wide screen, a card a row on a phone. One layout is drawn, not both
 * with one hidden by CSS: a row's words are on the page once.
 */
export function ListTable<T>(props: TableProps<T>) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return phone ? <RowCards {...props} /> : <WideTable {...props} />;
}

function nameOf(props: { noun: string; label?: string }): string {
  return props.label ?? (props.noun[0]?.toUpperCase() ?? '') + props.noun.slice(1);
}

/** Ticks a row in or out of the selection. */
function toggle(selection: Selection<unknown>, key: string): void {
  const next = new Set(selection.selected);
  if (!next.delete(key)) next.add(key);
  selection.onChange(next);
}

/** The page's checkbox: ticks every row shown, or clears them all when every one is ticked. */
function SelectAll<T>({ props, selection }: { props: TableProps<T>; selection: Selection<T> }) {
  const all = props.items.length > 0 && props.items.every((r) => selection.selected.has(props.rowKey(r)));
  return (
    <Checkbox
      aria-label={selection.allLabel}
      checked={all}
      onChange={() => selection.onChange(all ? new Set() : new Set(props.items.map(props.rowKey)))}
    />
  );
}

function RowBox<T>({ row, props, selection }: { row: T; props: TableProps<T>; selection: Selection<T> }) {
  return (
    <Checkbox
      aria-label={selection.rowLabel(row)}
      checked={selection.selected.has(props.rowKey(row))}
      onChange={() => toggle(selection as Selection<unknown>, props.rowKey(row))}
    />
  );
}

function WideTable<T>(props: TableProps<T>) {
  const { selection } = props;
  const table = (
    <Table.ScrollContainer minWidth={props.minWidth} type="native" mah={props.maxHeight}>
      <Table
        highlightOnHover
        striped={props.striped}
        verticalSpacing="sm"
        aria-label={nameOf(props)}
        aria-busy={props.busy || undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <SelectAll props={props} selection={selection} />
              </Table.Th>
            )}
            {props.columns.map((c) => (
              <Table.Th key={c.header} ta={c.align}>
                {c.hiddenHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.items.map((row) => (
            <Table.Tr key={props.rowKey(row)} data-testid={props.rowTestId?.(row)}>
              {selection && (
                <Table.Td>
                  <RowBox row={row} props={props} selection={selection} />
                </Table.Td>
              )}
              {props.columns.map((c) => (
                <Table.Td key={c.header} ta={c.align} maw={c.maw} style={c.style}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return props.bare ? (
    table
  ) : (
    <Card withBorder p={0}>
      {table}
    </Card>
  );
}

/** On a phone each row is a card: the first column its title, the others labelled under it. */
function RowCards<T>(props: TableProps<T>) {
  const { selection } = props;
  const [first, ...rest] = props.columns;
  return (
    <Stack gap="xs">
      {selection && (
        <Group gap="xs">
          <SelectAll props={props} selection={selection} />
          <Text size="sm">{selection.allLabel}</Text>
        </Group>
      )}
      <Stack
        gap="xs"
        component="ul"
        aria-label={nameOf(props)}
        aria-busy={props.busy || undefined}
        p={0}
        m={0}
        mah={props.maxHeight}
        style={{ listStyle: 'none', overflowY: props.maxHeight ? 'auto' : undefined }}
      >
        {props.items.map((row) => (
          <Card
            key={props.rowKey(row)}
            withBorder
            padding="sm"
            component="li"
            data-testid={props.rowTestId?.(row)}
          >
            <Group gap="xs" wrap="nowrap" align="flex-start" mb={4}>
              {selection && <RowBox row={row} props={props} selection={selection} />}
              {first && <Box style={{ minWidth: 0 }}>{first.cell(row)}</Box>}
            </Group>
            <Box component="dl" m={0}>
              {rest
                .filter((c) => !c.hiddenHeader)
                .map((c) => [c, c.cell(row)] as const)
                // A blank cell (no click yet, no reason) is left off the card rather than labelled empty.
                .filter(
                  ([, value]) => value !== '' && value !== null && value !== undefined && value !== false,
                )
                .map(([c, value]) => (
                  <Labelled key={c.header} label={c.header}>
                    {value}
                  </Labelled>
                ))}
            </Box>
            {rest
              .filter((c) => c.hiddenHeader)
              .map((c) => (
                <Box key={c.header} mt="xs">
                  {c.cell(row)}
                </Box>
              ))}
          </Card>
        ))}
      </Stack>
    </Stack>
  );
}

function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" py={2}>
      <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box component="dd" m={0} ta="right" fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Group>
  );
}
