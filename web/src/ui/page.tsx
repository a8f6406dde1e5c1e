import { Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
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

/** Shown where a list has nothing to show, saying why. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" py="lg" ta="center">
      {children}
    </Text>
  );
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

/** A short confirmation toast; its close button is named (Mantine leaves it unnamed). */
export function toast(message: string, color?: string): void {
  notifications.show({ message, color, closeButtonProps: { 'aria-label': 'Close' } });
}
