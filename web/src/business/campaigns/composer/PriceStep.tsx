import { Alert, Group, Radio, ScrollArea, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../api/errors';
import { campaignEstimateQuery } from '../../../api/queries/campaigns';
import type { Body } from '../../../api/types';
import { useSession } from '../../../auth/session';
import { flagOf, formatNumber } from '../../../ui/format';
import { SectionCard } from '../../../ui/page';
import { LimitEstimate } from '../LimitEstimate';
import type { ComposerForm } from './composer-form';

type EstimateBody = Body<'/api/v1/campaigns/estimate', 'post'>;

/** What the audience costs, against the balance, and whether credits or the plan pay for it. */
export function PriceStep({
  form,
  audience,
}: {
  form: ComposerForm;
  audience: Omit<EstimateBody, 'messageType'>;
}) {
  const session = useSession();
  const v = form.values;
  // Asked again once the audience has stopped changing for a moment (typing, ticking contacts): the body is
  // debounced as its JSON text, which stays equal from one render to the next.
  const [estimateJson] = useDebouncedValue(
    JSON.stringify({ ...audience, messageType: v.messageType, paymentMethod: v.paymentMethod }),
    300,
  );
  const estimateBody: EstimateBody = JSON.parse(estimateJson);
  const estimate = useQuery({
    ...campaignEstimateQuery(estimateBody),
    retry: false,
    // Rates change (the platform's settings): back on the tab, the price is asked again.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
  const e = estimate.data;
  return (
    <SectionCard title="Price" gap="xs">
      {e ? (
        <Text role="status" data-testid="estimate">
          {formatNumber(e.recipients)} recipients · {formatNumber(e.credits, 2)} credits · your balance{' '}
          {formatNumber(e.balance, 2)} credits
          {e.evaluatedNow &&
            ' (recipients counted now: the segment is evaluated again when the campaign goes out)'}
        </Text>
      ) : estimate.isError ? (
        <Text role="alert">{errorText(estimate.error)}</Text>
      ) : (
        <Text size="sm">The price is computed when you publish.</Text>
      )}
      {e?.planDoesNotCover && (
        <Alert color="blue" title="Your plan does not cover this category">
          Your plan does not pay for {e.messageType} messages: this campaign is paid with credits, by each
          recipient's country.
        </Alert>
      )}
      {e?.breakdown && e.breakdown.length > 0 && <Breakdown lines={e.breakdown} total={e.credits} />}
      <LimitEstimate estimate={e} />
      {e && !e.enough && (v.paymentMethod === 'credit' || e.planDoesNotCover) && (
        <Alert color="orange" title="Not enough credits">
          Buy credits in the wallet, or save a draft and come back.
        </Alert>
      )}
      <Radio.Group label="Pay with" {...form.getInputProps('paymentMethod')}>
        <Group mt={4}>
          <Radio value="credit" label="Credits" />
          <Radio value="plan" label="My plan" disabled={!session.business?.userPlan} />
        </Group>
      </Radio.Group>
    </SectionCard>
  );
}

type Line = { country: string | null; recipients: number; price: number; subtotal: number };

/** The estimate by recipient country: how many, at what price, for how much, and the total. */
function Breakdown({ lines, total }: { lines: Line[]; total: number }) {
  return (
    <ScrollArea type="hover">
      <Table fz="sm" data-testid="estimate-breakdown" striped captionSide="top" horizontalSpacing={6}>
        <Table.Caption>Price by recipient country (credits)</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Country</Table.Th>
            <Table.Th ta="right">Recipients</Table.Th>
            <Table.Th ta="right">Each</Table.Th>
            <Table.Th ta="right">Subtotal</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.country ?? 'unknown'}>
              <Table.Td>
                {l.country ? (
                  <>
                    <span aria-hidden="true">{flagOf(l.country)} </span>
                    {l.country}
                  </>
                ) : (
                  'Not known yet'
                )}
              </Table.Td>
              <Table.Td ta="right">{formatNumber(l.recipients)}</Table.Td>
              <Table.Td ta="right">{formatNumber(l.price, 4)}</Table.Td>
              <Table.Td ta="right">{formatNumber(l.subtotal, 4)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              Total
            </Table.Th>
            <Table.Td ta="right" fw={600}>
              {formatNumber(total, 4)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}
