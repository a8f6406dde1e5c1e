import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { campaignEstimateQuery } from '../../api/queries/campaigns';
import { formatNumber } from '../../ui/format';
import { OUTCOME_LABEL, type Outcome } from './follow-ups';

/** The follow-ups a campaign's results suggest, most useful first. */
const SUGGESTED: Outcome[] = ['delivered-not-read', 'read-not-clicked', 'not-delivered', 'clicked'];

/**
 * "Send to the 1,240 who did not read": each follow-up counts its audience now (opted-in contacts only) and
 * opens the composer with it filled in. Follow-ups that reach nobody are left out.
 */
export function FollowUps({ campaignId, tracksClicks }: { campaignId: string; tracksClicks: boolean }) {
  const navigate = useNavigate();
  const outcomes = SUGGESTED.filter((o) => tracksClicks || (o !== 'read-not-clicked' && o !== 'clicked'));
  const counts = useQueries({
    queries: outcomes.map((outcome) => ({
      ...campaignEstimateQuery({ audience: { fromCampaign: campaignId, outcome } }),
      retry: false,
    })),
  });
  const offers = outcomes
    .map((outcome, i) => ({ outcome, recipients: counts[i]?.data?.recipients ?? 0 }))
    .filter((o) => o.recipients > 0);
  if (!offers.length) return null;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Follow up
        </Title>
        <Text size="sm" c="dimmed">
          A new campaign to part of this one's recipients (only those still opted in).
        </Text>
        <Group gap="xs">
          {offers.map((o) => (
            <Button
              key={o.outcome}
              variant="light"
              // Long labels wrap on a phone rather than being cut.
              h="auto"
              py={6}
              styles={{ label: { whiteSpace: 'normal' } }}
              onClick={() =>
                void navigate({
                  to: '/campaigns/new',
                  search: { fromCampaign: campaignId, outcome: o.outcome },
                })
              }
            >
              Send to the {formatNumber(o.recipients)} {OUTCOME_LABEL[o.outcome]}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}
