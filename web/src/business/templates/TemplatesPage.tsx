import {
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { templateKeys, templatesQuery } from '../../api/queries/templates';
import { useCan, useSession } from '../../auth/session';
import { DialogActions } from '../../ui/form-errors';
import { formatNumber } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { type Column, ListView } from '../../ui/list';
import { PageHeader } from '../../ui/page';
import { useLiveTemplates } from './live';
import {
  AWAITING,
  CATEGORIES,
  categoryLabel,
  FILTER_STATUSES,
  LANGUAGES,
  languageLabel,
  partsOf,
  STATUS_WORDS,
  statusWords,
  type Template,
} from './template-parts';

const route = getRouteApi('/app/templates');

export function TemplatesPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { business } = useSession();
  const may = useCan();
  const cloud = business?.provider === 'whatsapp-cloud';
  const list = useQuery({
    ...templatesQuery(search),
    enabled: business?.businessVerified === 'accepted',
    placeholderData: keepPreviousData,
    // The provider's decision arrives on the real-time channel; while one is awaited, a slow poll backs it
    // up (a dropped connection).
    refetchInterval: (q) => (q.state.data?.items.some((t) => AWAITING.has(t.status)) ? 10_000 : false),
  });
  useLiveTemplates();
  const [deleting, setDeleting] = useState<Template | null>(null);
  const go = (patch: Partial<typeof search>) => void navigate({ search: { ...search, ...patch } });
  const filter = (patch: Partial<typeof search>) => go({ ...patch, page: 1 });
  const filtered = !!(search.status || search.category || search.language);
  if (business && business.businessVerified !== 'accepted') {
    return (
      <>
        <PageHeader title="Templates" />
        <Text>Your business must be verified by an administrator before it keeps message templates.</Text>
      </>
    );
  }

  const columns: Column<Template>[] = [
    {
      header: 'Name',
      cell: (t) => (
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {t.name}
        </Text>
      ),
    },
    { header: 'Status', cell: (t) => <TemplateStatus template={t} /> },
    { header: 'Category', cell: (t) => categoryLabel(t.category) },
    { header: 'Language', cell: (t) => languageLabel(t.language) },
    {
      header: 'Message',
      maw: 320,
      cell: (t) => (
        <Text size="sm" lineClamp={2}>
          {partsOf(t.components).body}
        </Text>
      ),
    },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (t) => <TemplateActions template={t} onDelete={() => setDeleting(t)} />,
    },
  ];

  return (
    <>
      <PageHeader
        title="Templates"
        description={
          cloud
            ? 'Messages WhatsApp approved in advance. A campaign is built from an approved template.'
            : 'The texts your provider approved, kept here so campaigns are built from them.'
        }
      >
        {cloud && may('templates:write') && <SyncButton />}
        {may('templates:write') && (
          <Button component={Link} to="/templates/new">
            New template
          </Button>
        )}
      </PageHeader>
      <ListView
        noun="templates"
        filters={
          <SimpleGrid spacing="sm" cols={{ base: 2, sm: 3 }} maw={600}>
            <Select
              label="Status"
              placeholder="Any status"
              clearable
              data={FILTER_STATUSES.map((value) => ({ value, label: STATUS_WORDS[value].label }))}
              value={search.status ?? null}
              onChange={(v) => filter({ status: FILTER_STATUSES.find((s) => s === v) })}
            />
            <Select
              label="Category"
              placeholder="Any category"
              clearable
              data={CATEGORIES}
              value={search.category ?? null}
              onChange={(v) => filter({ category: CATEGORIES.find((c) => c.value === v)?.value })}
            />
            <Select
              label="Language"
              placeholder="Any language"
              clearable
              searchable
              data={LANGUAGES}
              value={search.language ?? null}
              onChange={(v) => filter({ language: v ?? undefined })}
            />
          </SimpleGrid>
        }
        items={list.data?.items}
        error={list.error}
        empty={
          filtered ? (
            'No template matches these filters.'
          ) : (
            <>
              No templates yet.
              <br />
              {cloud
                ? 'Create one here, or sync to bring in those made in WhatsApp Manager.'
                : 'Create one with the text your provider approved.'}
            </>
          )
        }
        columns={columns}
        rowKey={(t) => t.id}
        minWidth={680}
        paging={{ page: list.data, go }}
      />
      <DeleteTemplate template={deleting} cloud={cloud} onClose={() => setDeleting(null)} />
    </>
  );
}

/** The provider's reason code in words (INVALID_FORMAT: "Invalid format"); a sentence is kept as it is. */
const reasonWords = (reason: string) =>
  /^[A-Z_]+$/.test(reason) ? reason.charAt(0) + reason.slice(1).toLowerCase().replace(/_/g, ' ') : reason;

function TemplateStatus({ template: t }: { template: Template }) {
  const s = statusWords(t.status);
  return (
    <Stack gap={2} align="flex-start">
      <Tooltip label={s.help} disabled={!s.help}>
        <Badge color={s.color} variant="light" data-testid={`status-${t.name}`} style={{ flexShrink: 0 }}>
          {s.label}
        </Badge>
      </Tooltip>
      {t.rejectedReason && (
        <Text size="xs" c="red.9" data-testid={`reason-${t.name}`}>
          {reasonWords(t.rejectedReason)}
        </Text>
      )}
      {!t.sendable && (
        <>
          <Badge color="gray" variant="outline" data-testid={`unsendable-${t.name}`}>
            Cannot be sent here
          </Badge>
          <Text size="xs" c="dimmed">
            {t.unsendableReason}
          </Text>
        </>
      )}
      {t.rejection?.reason && (
        <Text size="xs" c="red.9">
          {t.rejection.reason}
        </Text>
      )}
      {t.rejection?.recommendation && (
        <Text size="xs" c="dimmed">
          What to change: {t.rejection.recommendation}
        </Text>
      )}
    </Stack>
  );
}

/** "Use" (an approved template, into a new campaign) and "Delete". */
function TemplateActions({ template: t, onDelete }: { template: Template; onDelete: () => void }) {
  const may = useCan();
  if (!may('templates:write')) return null;
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {t.status === 'APPROVED' && t.sendable && (
        <AnchorLink to="/campaigns/new" search={{ template: t.id }} size="sm">
          Use<VisuallyHidden> {t.name}</VisuallyHidden> in a campaign
        </AnchorLink>
      )}
      <Button size="compact-sm" variant="outline" color="red.9" onClick={onDelete}>
        Delete<VisuallyHidden> {t.name}</VisuallyHidden>
      </Button>
    </Group>
  );
}

function DeleteTemplate({
  template,
  cloud,
  onClose,
}: {
  template: Template | null;
  cloud: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/v1/templates/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      notifications.show({ color: 'green', message: `Template ${template?.name} deleted` });
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      onClose();
    },
  });
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={!!template}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title="Delete the template?"
    >
      <Stack>
        <Text>
          Delete <strong>{template?.name}</strong> ({languageLabel(template?.language ?? '')})?
          {cloud ? ' It is deleted from WhatsApp too. ' : ' '}
          Campaigns already sent keep their messages; drafts built from it can no longer be sent.
        </Text>
        <DialogActions error={remove.error ? errorText(remove.error) : null} onCancel={onClose}>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() => template && remove.mutate(template.id)}
          >
            Delete {template?.name}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}

/** Reads every template from WhatsApp (those made in its own manager too); says what it found. */
function SyncButton() {
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: () => unwrap(api.POST('/api/v1/templates/sync')),
    onSuccess: (r) => {
      notifications.show({
        color: 'green',
        title: 'Templates synced',
        message: `${formatNumber(r.total)} read from WhatsApp: ${formatNumber(r.created)} new, ${formatNumber(r.updated)} updated.`,
      });
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
    onError: (err) => notifications.show({ color: 'red', title: 'Sync failed', message: errorText(err) }),
  });
  return (
    <>
      <Button variant="default" loading={sync.isPending} onClick={() => sync.mutate()}>
        Sync from WhatsApp
      </Button>
      {sync.isPending && (
        <Text role="status" size="sm" w="100%">
          Reading your templates from WhatsApp…
        </Text>
      )}
    </>
  );
}
