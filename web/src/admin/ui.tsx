import { Box, Card, Group, Pagination, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import type { CSSProperties, ReactNode } from 'react';
import { errorText } from '../api/errors';

/** The page's one h1 with its actions: the console's shared header, under the name the admin pages use. */
export { PageHeader as Heading } from '../ui/page';
// The search-param readers live apart so route definitions import them without this file's widgets.
export { bool, num, oneOf, str } from './search';

/** Page links and page size of a server-side list. */
export function Pager(props: {
  page: number;
  totalPages: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Left out where the page size is fixed: no size picker then. */
  onPageSize?: (size: number) => void;
}) {
  const { onPageSize } = props;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {props.total.toLocaleString()} in all
      </Text>
      <Group gap="sm">
        {onPageSize && (
          <Select
            aria-label="Rows per page"
            data={['10', '20', '50', '100']}
            value={String(props.pageSize)}
            onChange={(v) => v && onPageSize(Number(v))}
            w={90}
            allowDeselect={false}
          />
        )}
        <Pagination
          total={Math.max(1, props.totalPages)}
          value={props.page}
          onChange={props.onPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        />
      </Group>
    </Group>
  );
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function formatNumber(n: number | null | undefined, digits = 0): string {
  return (n ?? 0).toLocaleString(undefined, { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 2 }).format(
      amount,
    );
  } catch {
    return `${formatNumber(amount, 2)} ${currency}`;
  }
}

/** "3 days", "5 hours", "12 minutes": how long something has waited, in the largest unit that fits. */
export function waitedFor(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'not submitted';
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}

/** The flag emoji of an ISO 3166 alpha-2 code (two regional-indicator letters). */
export function flagOf(code: string | null | undefined): string {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const STATE_COLOURS: Record<string, string> = {
  pending: 'yellow',
  accepted: 'green',
  rejected: 'red',
  successful: 'green',
  failed: 'red',
  reversed: 'gray',
  open: 'blue',
  closed: 'gray',
  resolved: 'green',
  active: 'green',
  inactive: 'gray',
  high: 'red',
  medium: 'yellow',
  low: 'gray',
};

/**
 * A state in words (the tint only repeats what the word says). Dark words on a pale tint: Mantine's light
 * badge draws yellow and green words under 4.5:1.
 */
export function StateBadge({ state }: { state: string }) {
  const colour = STATE_COLOURS[state] ?? 'gray';
  return (
    <Text
      span
      size="xs"
      fw={700}
      tt="uppercase"
      px={8}
      py={2}
      style={{
        borderRadius: 4,
        whiteSpace: 'nowrap',
        background: `var(--mantine-color-${colour}-1)`,
        color: 'var(--mantine-color-dark-9)',
      }}
    >
      {state}
    </Text>
  );
}

/** Shown where a list has nothing to show, saying why. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" py="lg" ta="center">
      {children}
    </Text>
  );
}

/**
 * Changes some of the current page's search parameters (the rest stay). The route tree is assembled from
 * areas typed as any route, so the router cannot check a search object against the route: the page's own
 * `validateSearch` does, on arrival.
 */
export function useSearchUpdate<S extends object>(search: S): (patch: Partial<S>) => void {
  const navigate = useNavigate();
  return (patch) => void navigate({ to: '.', search: { ...search, ...patch } as never });
}

/** A link's search parameters (checked by the target route's `validateSearch`, see useSearchUpdate). */
export const searchOf = (search: Record<string, unknown>) => search as never;

/** A short confirmation toast; its close button is named (Mantine leaves it unnamed). */
export function toast(message: string, color?: string): void {
  notifications.show({ message, color, closeButtonProps: { 'aria-label': 'Close' } });
}

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

/** Where a server-side list stands: the page shown, how many pages and rows in all. */
export interface PageInfo {
  page: number;
  totalPages: number;
  pageSize: number;
  total: number;
}

type ListLayout<T> =
  | {
      /** A table of these columns, scrolling sideways inside its card when the screen is narrower. */
      columns: Column<T>[];
      rowKey: (row: T) => string;
      minWidth: number;
      render?: never;
    }
  | { /** Another layout of the rows (cards). */ render: (items: T[]) => ReactNode; columns?: never };

/**
 * The admin lists' one layout: filters, then the rows (a table, or cards), then the pager. Loading, failure
 * and an empty list are said in words. Filters and the page live in the URL: `paging.go` moves the page and
 * its size there, as the filters' own handlers do.
 */
export function ListView<T>(
  props: {
    /** What the list holds, plural and lower case ("accounts"): names the table and the loading words. */
    noun: string;
    filters?: ReactNode;
    items: T[] | undefined;
    error: unknown;
    /** Said when there is no row, saying why (nothing yet, or nothing matches the filters). */
    empty: ReactNode;
    /** A server page: the pager under the list. Left out for a list shown whole. */
    paging?: {
      page: PageInfo | undefined;
      go: (patch: { page?: number; pageSize?: number }) => void;
      /** The page size is the list's own: no size picker. */
      fixedSize?: boolean;
    };
  } & ListLayout<T>,
) {
  const { items, error, paging } = props;
  return (
    <Stack>
      {props.filters}
      {error ? (
        <Text role="alert" c="red.9">
          {props.noun[0]?.toUpperCase()}
          {props.noun.slice(1)} could not load: {errorText(error)}
        </Text>
      ) : !items ? (
        <Text role="status" c="dimmed" py="lg" ta="center">
          Loading {props.noun}…
        </Text>
      ) : !items.length ? (
        <Empty>{props.empty}</Empty>
      ) : props.render ? (
        props.render(items)
      ) : (
        <ListTable
          items={items}
          noun={props.noun}
          columns={props.columns}
          rowKey={props.rowKey}
          minWidth={props.minWidth}
        />
      )}
      {paging?.page && paging.page.total > 0 && (
        <Pager
          page={paging.page.page}
          totalPages={paging.page.totalPages}
          pageSize={paging.page.pageSize}
          total={paging.page.total}
          onPage={(page) => paging.go({ page })}
          onPageSize={paging.fixedSize ? undefined : (pageSize) => paging.go({ pageSize, page: 1 })}
        />
      )}
    </Stack>
  );
}

function ListTable<T>(props: {
  items: T[];
  noun: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  minWidth: number;
}) {
  const name = (props.noun[0]?.toUpperCase() ?? '') + props.noun.slice(1);
  const [first, ...rest] = props.columns;
  // One layout is drawn, not both with one hidden by CSS: a row's words are on the page once.
  const phone = useMediaQuery('(max-width: 47.99em)');
  if (!phone)
    return (
      <Card withBorder p={0}>
        <Table.ScrollContainer minWidth={props.minWidth} type="native">
          <Table highlightOnHover verticalSpacing="sm" aria-label={name}>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((c) => (
                  <Table.Th key={c.header} ta={c.align}>
                    {c.hiddenHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.items.map((row) => (
                <Table.Tr key={props.rowKey(row)}>
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
      </Card>
    );
  // On a phone each row is a card: the first column its title, the others labelled under it.
  return (
    <Stack gap="xs" component="ul" aria-label={name} p={0} m={0} style={{ listStyle: 'none' }}>
      {props.items.map((row) => (
        <Card key={props.rowKey(row)} withBorder padding="sm" component="li">
          {first && <Box mb={4}>{first.cell(row)}</Box>}
          <Box component="dl" m={0}>
            {rest
              .filter((c) => !c.hiddenHeader)
              .map((c) => (
                <Group
                  key={c.header}
                  justify="space-between"
                  align="flex-start"
                  wrap="nowrap"
                  gap="sm"
                  py={2}
                >
                  <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                    {c.header}
                  </Text>
                  <Box
                    component="dd"
                    m={0}
                    ta="right"
                    fz="sm"
                    style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {c.cell(row)}
                  </Box>
                </Group>
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
  );
}
