import { Button, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ticketKeys, ticketsQuery } from '../../api/queries/tickets';
import type { Data } from '../../api/types';
import { TicketStatusBadge } from '../../ui/badges';
import { applyApiError, DialogActions } from '../../ui/form-errors';
import { formatDateTime } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { DEFAULT_PAGE_SIZE } from '../../ui/search';

export const ISSUE_TYPES = {
  organizationAccount: 'My business account',
  userSubscription: 'Plans and subscription',
  paymentAndCredit: 'Payments and credits',
  bugReports: 'Something is broken',
  featureRequests: 'A feature request',
  campaignDelivery: 'Campaign delivery',
} as const;

type TicketRow = Data<'/api/v1/tickets', 'get'>['items'][number];

const route = getRouteApi('/app/support');

export function SupportPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const list = useQuery({
    ...ticketsQuery({ page: search.page, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader
        title="Support"
        description="Ask us anything; replies arrive here and in your notifications."
      >
        <Button onClick={open}>New ticket</Button>
      </PageHeader>
      <ListView<TicketRow>
        noun="tickets"
        items={list.data?.items}
        error={list.error}
        empty="No tickets yet."
        paging={{
          page: list.data,
          go: (patch) => void navigate({ search: { page: patch.page ?? 1 } }),
          fixedSize: true,
        }}
        striped
        rowKey={(t) => t.id}
        minWidth={560}
        columns={[
          {
            header: 'Question',
            cell: (t) => (
              <AnchorLink to="/support/$id" params={{ id: t.id }} lineClamp={1}>
                {t.question}
              </AnchorLink>
            ),
          },
          { header: 'Topic', cell: (t) => ISSUE_TYPES[t.issueType] },
          { header: 'Status', cell: (t) => <TicketStatusBadge state={t.status} /> },
          { header: 'Opened', cell: (t) => formatDateTime(t.createdAt) },
        ]}
      />
      <NewTicket opened={opened} onClose={close} />
    </>
  );
}

function NewTicket({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { issueType: 'campaignDelivery' as keyof typeof ISSUE_TYPES, question: '' },
    validate: { question: (v) => (v.trim() ? null : 'Describe what you need') },
  });
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      const ticket = await unwrap(api.POST('/api/v1/tickets', { body: v }));
      await queryClient.invalidateQueries({ queryKey: ticketKeys.all });
      form.reset();
      onClose();
      await navigate({ to: '/support/$id', params: { id: ticket.id } });
    } catch (err) {
      setError(applyApiError(form, err));
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="New ticket">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Topic"
            data={Object.entries(ISSUE_TYPES).map(([value, label]) => ({ value, label }))}
            allowDeselect={false}
            {...form.getInputProps('issueType')}
          />
          <Textarea label="Your question" autosize minRows={4} required {...form.getInputProps('question')} />
          <DialogActions error={error} onCancel={onClose}>
            <Button type="submit" loading={form.submitting}>
              Send
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
