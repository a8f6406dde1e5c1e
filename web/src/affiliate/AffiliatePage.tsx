import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../api/errors';
import { earningsQuery } from '../api/queries/affiliate';
import { formatMoney } from '../ui/format';
import { PageHeader } from '../ui/page';
import { BankAccounts } from './BankAccounts';
import { History } from './History';
import { useAffiliateLive } from './queries';
import { Referral } from './Referral';
import { Referrals } from './Referrals';
import { Withdraw } from './Withdraw';

/** What an affiliate needs: the code to share, who signed up with it, what it earned, and getting paid. */
export function AffiliatePage() {
  useAffiliateLive();
  const earnings = useQuery(earningsQuery);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Affiliate"
        description="Share your link; you earn a share of what the businesses you refer spend on campaigns."
      />
      <Referral />
      <Card withBorder padding="md" component="section" aria-label="Earnings">
        <Title order={2} size="h4" mb="sm">
          Earnings
        </Title>
        {earnings.error ? (
          <Text role="alert" c="red.9">
            {errorText(earnings.error)}
          </Text>
        ) : !earnings.data ? (
          <Skeleton h={60} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {(
              [
                ['Balance', earnings.data.balance, 'affiliate-balance'],
                ['Earned in all', earnings.data.totalEarned, 'affiliate-earned'],
                ['Withdrawn', earnings.data.totalWithdrawn, 'affiliate-withdrawn'],
              ] as const
            ).map(([label, value, testId]) => (
              <Stack key={label} gap={0}>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} size="xl" data-testid={testId}>
                  {formatMoney(value, 'NGN')}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </Card>
      <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
        <BankAccounts />
        <Withdraw balance={earnings.data?.balance ?? 0} />
      </Group>
      <History />
      <Referrals />
    </Stack>
  );
}
