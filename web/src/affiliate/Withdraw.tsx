import { Button, Card, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { errorText } from '../api/errors';
import { affiliateKeys, bankAccountsQuery } from '../api/queries/affiliate';
import { FormError } from '../ui/form-errors';
import { formatMoney } from '../ui/format';
import { toast } from '../ui/page';

/** Pays earnings out to a saved account: the balance drops at once, the transfer settles later (live). */
export function Withdraw({ balance }: { balance: number }) {
  const queryClient = useQueryClient();
  const accounts = useQuery(bankAccountsQuery);
  const [bankAccountId, setBankAccountId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const chosen = bankAccountId ?? accounts.data?.[0]?.id ?? null;
  const withdraw = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/affiliate/withdraw', {
          body: { bankAccountId: chosen ?? '', amount: Number(amount) },
        }),
      ),
    onSuccess: (t) => {
      setAmount('');
      toast(
        `Withdrawal of ${formatMoney(t.amount, 'NGN')} requested; it shows as settled when the bank confirms.`,
        'blue',
      );
      void queryClient.invalidateQueries({ queryKey: affiliateKeys.all });
    },
  });
  const tooMuch = Number(amount) > balance;
  return (
    <Card withBorder padding="md" component="section" aria-label="Withdraw" miw={280}>
      <Title order={2} size="h4" mb="sm">
        Withdraw
      </Title>
      {!accounts.data?.length ? (
        <Text c="dimmed">Add a bank account first.</Text>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            withdraw.mutate();
          }}
        >
          <Stack gap="xs">
            <Select
              label="To"
              data={accounts.data.map((a) => ({
                value: a.id,
                label: `${a.accountName}, ${a.bankName} ${a.accountNumber}`,
              }))}
              value={chosen}
              onChange={setBankAccountId}
              allowDeselect={false}
            />
            <NumberInput
              label="Amount (NGN)"
              description={`Available: ${formatMoney(balance, 'NGN')}`}
              min={0}
              decimalScale={2}
              value={amount}
              onChange={setAmount}
              error={tooMuch ? 'More than your balance' : undefined}
              required
            />
            {withdraw.error && <FormError message={errorText(withdraw.error)} />}
            <Button type="submit" loading={withdraw.isPending} disabled={!(Number(amount) > 0) || tooMuch}>
              Withdraw
            </Button>
          </Stack>
        </form>
      )}
    </Card>
  );
}
