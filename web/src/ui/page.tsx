import { Group, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's heading (the one h1) with its actions on the right, wrapping under it on a phone. */
export function PageHeader({
  title,
  children,
  description,
}: {
  title: string;
  children?: ReactNode;
  description?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="md" gap="sm">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}

export const PAGE_SIZES = ['10', '25', '50', '100'];

/** Page links and the page size of a server-side list. */
export function Pager(props: {
  page: number;
  totalPages: number;
  pageSize: number;
  total?: number;
  totalIsEstimate?: boolean;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {props.total !== undefined &&
          `${props.totalIsEstimate ? 'About ' : ''}${props.total.toLocaleString()} in all`}
      </Text>
      <Group gap="sm">
        <Select
          aria-label="Rows per page"
          // A screen with a size of its own (the wallet's 20) shows it rather than an empty box.
          data={
            PAGE_SIZES.includes(String(props.pageSize))
              ? PAGE_SIZES
              : [...PAGE_SIZES, String(props.pageSize)].sort((a, b) => Number(a) - Number(b))
          }
          value={String(props.pageSize)}
          onChange={(v) => v && props.onPageSize(Number(v))}
          w={90}
          allowDeselect={false}
        />
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

export function formatDateTime(iso: string | null | undefined, timeZone?: string | null): string {
  if (!iso) return '';
  // Intl refuses timeZoneName together with dateStyle/timeStyle (TypeError),
  // so a zoned date spells out the same fields by hand.
  const options: Intl.DateTimeFormatOptions = timeZone
    ? {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }
    : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
}

export function formatNumber(n: number | null | undefined, digits = 0): string {
  return (n ?? 0).toLocaleString(undefined, { maximumFractionDigits: digits, minimumFractionDigits: digits });
}
