import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { errorText } from '../api/errors';
import { bankAccountsQuery, banksQuery } from '../api/queries/affiliate';
import { FormError } from '../ui/form-errors';
import { toast } from '../ui/page';

/** Where withdrawals go. An account is saved only under the name the bank gives for its number. */
export function BankAccounts() {
  const { data, error } = useQuery(bankAccountsQuery);
  const [adding, setAdding] = useState(false);
  return (
    <Card withBorder padding="md" component="section" aria-label="Bank accounts" miw={280}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Bank accounts
        </Title>
        {!adding && (
          <Button size="xs" variant="light" onClick={() => setAdding(true)}>
            Add a bank account
          </Button>
        )}
      </Group>
      {error ? (
        <Text role="alert" c="red.9">
          {errorText(error)}
        </Text>
      ) : !data ? (
        <Skeleton h={60} />
      ) : (
        <Stack gap="xs">
          {!data.length && !adding && (
            <Text c="dimmed">Add the account your withdrawals should be paid into.</Text>
          )}
          {data.map((a) => (
            <Text key={a.id}>
              <strong>{a.accountName}</strong> · {a.bankName} · {a.accountNumber}
            </Text>
          ))}
        </Stack>
      )}
      {adding && <AddBankAccount onDone={() => setAdding(false)} />}
    </Card>
  );
}

function AddBankAccount({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const banks = useQuery(banksQuery);
  const [code, setCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const resolve = useMutation({
    mutationFn: () =>
      unwrap(
        api.GET('/api/v1/affiliate/bank-accounts/verify', {
          params: { query: { accountNumber, bankCode: code ?? '' } },
        }),
      ),
  });
  const bankName = banks.data?.find((b) => b.code === code)?.name ?? resolve.data?.bankName ?? '';
  const save = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/affiliate/bank-accounts', {
          body: {
            bankName,
            accountName: resolve.data!.accountName,
            accountNumber: resolve.data!.accountNumber,
            code: resolve.data!.bankCode,
          },
        }),
      ),
    onSuccess: (a) => {
      toast(`${a.accountName} at ${a.bankName} saved.`, 'green');
      void queryClient.invalidateQueries({ queryKey: bankAccountsQuery.queryKey });
      onDone();
    },
  });
  // A changed number or bank needs a new look-up: the name shown must be the one for what is saved.
  const edit = (fn: () => void) => {
    fn();
    resolve.reset();
    save.reset();
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (resolve.data) save.mutate();
        else resolve.mutate();
      }}
    >
      <Stack gap="xs" mt="sm">
        <Select
          label="Bank"
          placeholder={banks.isPending ? 'Loading banks…' : 'Pick the bank'}
          searchable
          required
          data={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
          value={code}
          onChange={(v) => edit(() => setCode(v))}
          error={banks.error ? errorText(banks.error) : undefined}
          nothingFoundMessage="No bank by that name"
        />
        <TextInput
          label="Account number"
          inputMode="numeric"
          required
          maxLength={10}
          value={accountNumber}
          onChange={(e) => {
            const v = e.currentTarget.value.replace(/\D/g, '');
            edit(() => setAccountNumber(v));
          }}
          error={resolve.error ? errorText(resolve.error) : undefined}
        />
        {resolve.data && (
          <Alert color="teal" role="status">
            Account found: the bank names it <strong>{resolve.data.accountName}</strong>. Save it if that is
            you.
          </Alert>
        )}
        {save.error && <FormError message={errorText(save.error)} />}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          {resolve.data ? (
            <Button type="submit" loading={save.isPending}>
              Save the account
            </Button>
          ) : (
            <Button type="submit" loading={resolve.isPending} disabled={!code || accountNumber.length < 10}>
              Check the account name
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
