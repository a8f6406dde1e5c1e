import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Business } from '../../auth/session';
import { formatDateTime, formatNumber } from '../../ui/format';

export const QUALITY_COLOR: Record<string, string> = {
  GREEN: 'teal.9',
  YELLOW: 'yellow.9',
  RED: 'red.9',
  FLAGGED: 'red.9',
};

/** The number's quality and its messaging limit: how many new people it may reach today, and when more. */
export function NumberHealth({ limit }: { limit: Business['messagingLimit'] }) {
  return (
    <Card withBorder data-testid="number-health">
      <Stack gap={6}>
        <Group justify="space-between">
          <Title order={2} size="h4">
            Your number
          </Title>
          <Badge color={QUALITY_COLOR[limit.qualityRating ?? ''] ?? 'gray.8'} variant="filled">
            Quality: {limit.qualityRating ?? 'not reported'}
          </Badge>
        </Group>
        <LimitText limit={limit} />
        <QualityWords rating={limit.qualityRating} />
      </Stack>
    </Card>
  );
}

/**
 * What the quality means for the business's campaigns, in words: a drop to red or flagged paused its marketing
 * campaigns, and nothing resumes them by itself.
 */
function QualityWords({ rating }: { rating: string | null }) {
  if (rating === 'RED' || rating === 'FLAGGED')
    return (
      <Text size="sm" c="red.9" data-testid="quality-words">
        People are blocking or reporting your messages, so your marketing campaigns were paused. Review what
        you send, then resume each campaign from its page when you are ready.
      </Text>
    );
  if (rating === 'YELLOW')
    return (
      <Text size="sm" c="yellow.9" data-testid="quality-words">
        Your quality is falling: another drop pauses your marketing campaigns. Send to people who asked to
        hear from you.
      </Text>
    );
  return null;
}

/** The limit in one sentence. */
export function LimitText({ limit }: { limit: Business['messagingLimit'] }) {
  if (limit.dailyRecipients === null || limit.remaining === null)
    return <Text size="sm">No messaging limit: you may reach any number of new people a day.</Text>;
  return (
    <Text size="sm" data-testid="limit-text">
      Messaging limit: {formatNumber(limit.dailyRecipients)} people in 24 hours ·{' '}
      {formatNumber(limit.remaining)} left
      {limit.freesAt ? ` · more from ${formatDateTime(limit.freesAt)}` : ''}
    </Text>
  );
}
