import { Card, Grid, Group, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
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

/** A bordered part of a page under its heading (h2), an action (a button, a link) beside the heading. */
export function SectionCard({
  title,
  action,
  gap,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4">
      {title}
    </Title>
  );
  return (
    <Card withBorder>
      <Stack gap={gap}>
        {action ? (
          <Group justify="space-between">
            {heading}
            {action}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Card>
  );
}

/** A form with its live preview beside it (under it on a phone); the preview stays in view as the form scrolls. */
export function FormBesidePreview({ children, preview }: { children: ReactNode; preview: ReactNode }) {
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>{children}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <div style={{ position: 'sticky', top: 72 }}>{preview}</div>
      </Grid.Col>
    </Grid>
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

/** A short confirmation toast; its close button is named (Mantine leaves it unnamed). */
export function toast(message: string, color?: string): void {
  notifications.show({ message, color, closeButtonProps: { 'aria-label': 'Close' } });
}
