import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { useSession } from '../../auth/session';
import { FormError } from '../../ui/form-errors';
import { formatNumber, PageHeader, Pager } from '../../ui/page';
import {
  AWAITING,
  CATEGORIES,
  categoryLabel,
  LANGUAGES,
  languageLabel,
  partsOf,
  STATUS_WORDS,
  statusWords,
  type Template,
  type TemplateQuery,
  templatesQuery,
  useLiveTemplates,
} from './queries';

export const isCloud = (provider: string | null | undefined) => provider === 'whatsapp-cloud';

export function TemplatesPage() {
  const search = useSearch({ from: '/app/templates' });
  const navigate = useNavigate({ from: '/templates' });
  const { business } = useSession();
  const cloud = isCloud(business?.provider);
  const query: TemplateQuery = {
    page: search.page,
    pageSize: search.pageSize,
    status: search.status as TemplateQuery['status'],
    category: search.category as TemplateQuery['category'],
    language: search.language,
  };
  const list = useQuery({
    ...templatesQuery(query),
    enabled: business?.businessVerified === 'accepted',
    placeholderData: keepPreviousData,
    // The provider's decision arrives on the real-time channel; while one is awaited, a slow poll backs it
    // up (a dropped connection).
    refetchInterval: (q) => (q.state.data?.items.some((t) => AWAITING.has(t.status)) ? 10_000 : false),
  });
  useLiveTemplates();
  const [deleting, setDeleting] = useState<Template | null>(null);
  const narrow = useMediaQuery('(max-width: 40em)');
  const filter = (patch: Partial<typeof search>) =>
    void navigate({ search: { ...search, ...patch, page: 1 } });
  const filtered = !!(search.status || search.category || search.language);
  if (business && business.businessVerified !== 'accepted') {
    return (
      <>
        <PageHeader title="Templates" />
        <Text>Your business must be verified by an administrator before it keeps message templates.</Text>
      </>
    );
  }

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
        {cloud && <SyncButton />}
        <Button component={Link} to="/templates/new">
          New template
        </Button>
      </PageHeader>
      <SimpleGrid mb="md" spacing="sm" cols={{ base: 2, sm: 3 }} maw={600}>
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={Object.entries(STATUS_WORDS)
            .slice(0, 5)
            .map(([value, s]) => ({ value, label: s.label }))}
          value={search.status ?? null}
          onChange={(v) => filter({ status: v ?? undefined })}
        />
        <Select
          label="Category"
          placeholder="Any category"
          clearable
          data={CATEGORIES}
          value={search.category ?? null}
          onChange={(v) => filter({ category: v ?? undefined })}
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
      {narrow ? (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label="Templates" style={{ listStyle: 'none' }}>
          {list.data?.items.map((t) => (
            <TemplateCard key={t.id} template={t} onDelete={() => setDeleting(t)} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped highlightOnHover aria-label="Templates">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Language</Table.Th>
                <Table.Th>Message</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.items.map((t) => (
                <TemplateRow key={t.id} template={t} onDelete={() => setDeleting(t)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.isPending && <Text my="lg">Loading templates…</Text>}
      {list.isSuccess && list.data.items.length === 0 && (
        <Stack align="center" my="lg" gap="xs">
          <Text ta="center">{filtered ? 'No template matches these filters.' : 'No templates yet.'}</Text>
          {!filtered && (
            <Text ta="center" size="sm" c="dimmed">
              {cloud
                ? 'Create one here, or sync to bring in those made in WhatsApp Manager.'
                : 'Create one with the text your provider approved.'}
            </Text>
          )}
        </Stack>
      )}
      {list.isError && <Text role="alert">{errorText(list.error)}</Text>}
      {list.data && (
        <Pager
          page={search.page}
          pageSize={search.pageSize}
          totalPages={list.data.totalPages}
          total={list.data.total}
          onPage={(page) => void navigate({ search: { ...search, page } })}
          onPageSize={(pageSize) => void navigate({ search: { ...search, page: 1, pageSize } })}
        />
      )}
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
    </Stack>
  );
}

/** "Use" (an approved template, into a new campaign) and "Delete". */
function TemplateActions({ template: t, onDelete }: { template: Template; onDelete: () => void }) {
  const router = useRouter();
  // The composer reads the template from its address (a search parameter the typed links cannot name).
  const composeWith = `/campaigns/new?template=${encodeURIComponent(t.id)}`;
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {t.status === 'APPROVED' && (
        <Anchor
          href={composeWith}
          size="sm"
          onClick={(e) => {
            // A link a person may open in a new tab; a plain click stays in the page.
            if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            router.history.push(composeWith);
          }}
        >
          Use<VisuallyHidden> {t.name}</VisuallyHidden> in a campaign
        </Anchor>
      )}
      <Button size="compact-sm" variant="outline" color="red.9" onClick={onDelete}>
        Delete<VisuallyHidden> {t.name}</VisuallyHidden>
      </Button>
    </Group>
  );
}

function TemplateRow({ template: t, onDelete }: { template: Template; onDelete: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
          {t.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <TemplateStatus template={t} />
      </Table.Td>
      <Table.Td>{categoryLabel(t.category)}</Table.Td>
      <Table.Td>{languageLabel(t.language)}</Table.Td>
      <Table.Td maw={320}>
        <Text size="sm" lineClamp={2}>
          {partsOf(t.components).body}
        </Text>
      </Table.Td>
      <Table.Td>
        <TemplateActions template={t} onDelete={onDelete} />
      </Table.Td>
    </Table.Tr>
  );
}

/** A template on a phone: a card rather than a row too wide for the screen. */
function TemplateCard({ template: t, onDelete }: { template: Template; onDelete: () => void }) {
  return (
    <Card withBorder component="li" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t.name}
          </Text>
          <TemplateStatus template={t} />
        </Group>
        <Text size="sm" c="dimmed">
          {categoryLabel(t.category)} · {languageLabel(t.language)}
        </Text>
        <Text size="sm" lineClamp={3}>
          {partsOf(t.components).body}
        </Text>
        <TemplateActions template={t} onDelete={onDelete} />
      </Stack>
    </Card>
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
      void queryClient.invalidateQueries({ queryKey: ['templates'] });
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
        <FormError message={remove.error ? errorText(remove.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red.9"
            loading={remove.isPending}
            onClick={() => template && remove.mutate(template.id)}
          >
            Delete {template?.name}
          </Button>
        </Group>
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
      void queryClient.invalidateQueries({ queryKey: ['templates'] });
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
