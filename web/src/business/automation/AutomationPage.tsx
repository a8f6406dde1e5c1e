import { Button, Modal, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import { type AutomationRule, automationKeys, automationRulesQuery } from '../../api/queries/automation';
import { useCan } from '../../auth/session';
import { DialogActions } from '../../ui/form-errors';
import { formatNumber } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { type Column, ListView } from '../../ui/list';
import { PageHeader, SectionCard, toast } from '../../ui/page';
import { AutomationSettingsSection } from './AutomationSettingsSection';
import { BusinessHoursSection } from './BusinessHoursSection';
import { replyInWords, triggerInWords } from './rule-words';

const route = getRouteApi('/app/automation');

/** Automated answers: the rules, the business hours away messages follow, and the limits of it all. */
export function AutomationPage() {
  const may = useCan();
  const manage = may('automation:manage');
  return (
    <>
      <PageHeader
        title="Automation"
        description="Answers sent when no one is there: keyword replies, a welcome, an away message, menus of buttons."
      >
        {manage && (
          <Button component={Link} to="/automation/new">
            New rule
          </Button>
        )}
      </PageHeader>
      <Stack gap="lg">
        <SectionCard title="Rules">
          <RuleList manage={manage} />
        </SectionCard>
        <BusinessHoursSection manage={manage} />
        <AutomationSettingsSection manage={manage} />
      </Stack>
    </>
  );
}

function RuleList({ manage }: { manage: boolean }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const queryClient = useQueryClient();
  const rules = useQuery(automationRulesQuery(search.page));
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: automationKeys.all });
  const toggle = useMutation({
    mutationFn: (r: AutomationRule) =>
      unwrap(
        r.enabled
          ? api.POST('/api/v1/automation/rules/{id}/disable', { params: { path: { id: r.id } } })
          : api.POST('/api/v1/automation/rules/{id}/enable', { params: { path: { id: r.id } } }),
      ),
    onSuccess: async (_, r) => {
      await refresh();
      toast(r.enabled ? `“${r.name}” switched off.` : `“${r.name}” switched on.`, 'green');
    },
    onError: (err) => toast(errorText(err), 'red'),
  });
  const remove = useMutation({
    mutationFn: (r: AutomationRule) =>
      unwrap(api.DELETE('/api/v1/automation/rules/{id}', { params: { path: { id: r.id } } })),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
      toast('Rule deleted.', 'green');
    },
  });
  const columns: Column<AutomationRule>[] = [
    {
      header: 'Rule',
      cell: (r) =>
        manage ? (
          <AnchorLink to="/automation/$id/edit" params={{ id: r.id }} fw={600}>
            {r.name}
          </AnchorLink>
        ) : (
          <Text fw={600} size="sm">
            {r.name}
          </Text>
        ),
    },
    { header: 'When', cell: (r) => triggerInWords(r) },
    { header: 'Reply', cell: (r) => replyInWords(r.reply) },
    { header: 'Uses', cell: (r) => formatNumber(r.usesCount) },
    {
      header: 'On',
      cell: (r) => (
        <Switch
          aria-label={`${r.name} switched on`}
          checked={r.enabled}
          disabled={!manage || (toggle.isPending && toggle.variables?.id === r.id)}
          onChange={() => toggle.mutate(r)}
        />
      ),
    },
    ...(manage
      ? [
          {
            header: 'Actions',
            hiddenHeader: true,
            cell: (r: AutomationRule) => (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => setDeleting(r)}
                aria-label={`Delete ${r.name}`}
              >
                Delete
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <ListView<AutomationRule>
        noun="rules"
        items={rules.data?.items}
        error={rules.error}
        empty="No rule yet: a welcome message is a good first one."
        columns={columns}
        rowKey={(r) => r.id}
        minWidth={760}
        paging={{
          page: rules.data,
          go: (p) => navigate({ search: (s) => ({ ...s, ...p }) }),
          fixedSize: true,
        }}
      />
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title="Delete this rule?">
        <Stack>
          <Text size="sm">
            “{deleting?.name}” stops answering at once, its replies still queued included. This cannot be
            undone.
          </Text>
          <DialogActions
            error={remove.error ? errorText(remove.error) : null}
            onCancel={() => setDeleting(null)}
          >
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => deleting && remove.mutate(deleting)}
            >
              Delete rule
            </Button>
          </DialogActions>
        </Stack>
      </Modal>
    </>
  );
}
