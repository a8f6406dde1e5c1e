import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One record's facts, a label and its value a row (a drawer's or a section's details). A value left empty
 * reads as a dash, so a missing fact is said rather than skipped.
 */
export function DetailList({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%" fw={500} c="dimmed" bg="transparent">
              {label}
            </Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {value === null || value === undefined || value === '' ? '—' : value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
