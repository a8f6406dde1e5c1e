import { Group, Pagination, Select, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorText } from '../api/errors';
import { type Column, ListTable, type TableLook } from './list-table';
import { Empty } from './page';
import { PAGE_SIZES } from './search';

export type { Column, Selection } from './list-table';

/**
 * Page links of a server-side list, how many rows in all and, where the reader may choose it, the rows per
 * page (10, 25, 50 or 100; a size a link brought from elsewhere is offered too rather than an empty box).
 */
export function Pager(props: {
  page: number;
  totalPages: number;
  pageSize: number;
  total?: number;
  /** The total is the database's estimate (a very long list): "About 1,000,000 in all". */
  totalIsEstimate?: boolean;
  onPage: (page: number) => void;
  /** Left out where the list's page size is its own: no size picker then. */
  onPageSize?: (size: number) => void;
}) {
  const { onPageSize } = props;
  const sizes: number[] = PAGE_SIZES.includes(props.pageSize as (typeof PAGE_SIZES)[number])
    ? [...PAGE_SIZES]
    : [...PAGE_SIZES, props.pageSize].sort((a, b) => a - b);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {props.total !== undefined &&
          `${props.totalIsEstimate ? 'About ' : ''}${props.total.toLocaleString()} in all`}
      </Text>
      <Group gap="sm">
        {onPageSize && (
          <Select
            aria-label="Rows per page"
            data={sizes.map(String)}
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

/** Where a server-side list stands: the page shown, how many pages and rows in all. */
export interface PageInfo {
  page: number;
  totalPages: number;
  pageSize: number;
  total: number;
  totalIsEstimate?: boolean;
}

type ListLayout<T> =
  | ({
      /** A table of these columns, scrolling sideways inside its card when the screen is narrower. */
      columns: Column<T>[];
      rowKey: (row: T) => string;
      minWidth: number;
      render?: never;
    } & TableLook<T>)
  | { /** Another layout of the rows (cards). */ render: (items: T[]) => ReactNode; columns?: never };

/**
 * The console's one list layout: filters, then the rows (a table, or cards), then the pager. Loading, failure
 * and an empty list are said in words. Filters and the page live in the URL: `paging.go` moves the page and
 * its size there, as the filters' own handlers do.
 */
export function ListView<T>(
  props: {
    /** What the list holds, plural and lower case ("accounts"): names the table and the loading words. */
    noun: string;
    filters?: ReactNode;
    items: T[] | undefined;
    /** Why the rows could not load (left out for rows already in hand). */
    error?: unknown;
    /** Said when there is no row, saying why (nothing yet, or nothing matches the filters). */
    empty?: ReactNode;
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
        <Empty>{props.empty ?? `No ${props.noun}.`}</Empty>
      ) : props.render ? (
        props.render(items)
      ) : (
        <ListTable {...props} items={items} />
      )}
      {paging?.page && paging.page.total > 0 && (
        <Pager
          page={paging.page.page}
          totalPages={paging.page.totalPages}
          pageSize={paging.page.pageSize}
          total={paging.page.total}
          totalIsEstimate={paging.page.totalIsEstimate}
          onPage={(page) => paging.go({ page })}
          onPageSize={paging.fixedSize ? undefined : (pageSize) => paging.go({ pageSize, page: 1 })}
        />
      )}
    </Stack>
  );
}
