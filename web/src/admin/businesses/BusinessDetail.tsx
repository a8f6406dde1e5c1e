import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Image,
  Modal,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { errorText } from '../../api/errors';
import {
  adminBusinessAuditQuery,
  adminBusinessFilesQuery,
  adminBusinessQuery,
  adminKeys,
} from '../../api/queries/admin';
import { type AuditEntry, auditColumns } from '../../ui/audit';
import { VerificationBadge } from '../../ui/badges';
import { DetailList } from '../../ui/detail-list';
import { DialogActions, FormError } from '../../ui/form-errors';
import { flagOf, formatDateTime, formatNumber, waitedFor } from '../../ui/format';
import { AnchorLink } from '../../ui/link';
import { ListView } from '../../ui/list';
import { PageHeader, toast } from '../../ui/page';
import type { AdminBusinessDetail } from '../types';
import { useQueueLive, type VerificationDecided } from './live';

const route = getRouteApi('/app/admin/businesses/$id');

/** One business as an admin reviews it: who, what they uploaded, their money, and the decision. */
export function BusinessDetail() {
  const { id } = route.useParams();
  const [decidedElsewhere, setDecidedElsewhere] = useState<VerificationDecided | null>(null);
  const { data: b, error } = useQuery(adminBusinessQuery(id));
  useQueueLive((event) => {
    if (event.businessId === id) setDecidedElsewhere(event);
  });

  if (error)
    return (
      <Text role="alert" c="red.9">
        {errorText(error)}
      </Text>
    );
  if (!b) return <Skeleton h={400} />;
  return (
    <Stack gap="lg">
      <AnchorLink to="/admin/businesses" size="sm">
        ← Verification queue
      </AnchorLink>
      <PageHeader
        title={b.companyName || 'Unnamed business'}
        description={
          <>
            {b.account.name} · {b.account.email} · registered {formatDateTime(b.createdAt)}
          </>
        }
      >
        <VerificationBadge state={b.businessVerified} />
      </PageHeader>
      {decidedElsewhere && (
        <Alert color="blue" role="status">
          <strong>Decided while you were reading:</strong> this business was {decidedElsewhere.status}
          {decidedElsewhere.reason ? ` (reason: ${decidedElsewhere.reason})` : ''} at{' '}
          {formatDateTime(decidedElsewhere.decidedAt)}.
        </Alert>
      )}
      <Decision business={b} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Profile">
          <DetailList
            rows={[
              ['Company', b.companyName],
              ['Registration number', b.businessRegistrationNumber],
              ['Industry', b.industry],
              ['Country', b.countryCode ? `${flagOf(b.countryCode)} ${b.countryCode}` : null],
              ['Address', b.address],
              ['Website', b.website],
              ['Employees', b.noOfEmployees?.toString()],
              ['Subscribers', b.noOfSubscribers?.toString()],
              [
                'Submitted',
                b.verificationSubmittedAt
                  ? `${formatDateTime(b.verificationSubmittedAt)} (${waitedFor(b.verificationSubmittedAt)} ago)`
                  : 'Not submitted',
              ],
              ['Rejection reason', b.verificationReason],
            ]}
          />
        </Section>
        <Section title="Account">
          <DetailList
            rows={[
              ['Name', b.account.name],
              ['E-mail', b.account.email],
              ['WhatsApp number', b.account.whatsappNumber],
              ['E-mail verified', b.account.verified ? 'Yes' : 'No'],
              ['Role', b.account.role],
              ['Deactivated', b.account.deleted ? `Yes, ${formatDateTime(b.account.deletedAt)}` : 'No'],
            ]}
          />
          <AnchorLink
            to="/admin/accounts"
            search={{ search: b.account.email, account: b.account.id }}
            size="sm"
          >
            Open the account
          </AnchorLink>
        </Section>
        <Section title="Wallet, plan and campaigns">
          <DetailList
            rows={[
              ['Credit balance', b.wallet ? formatNumber(b.wallet.balance, 2) : 'No wallet'],
              [
                'Plan',
                b.userPlan
                  ? `${b.userPlan.plan.name}, until ${formatDateTime(b.userPlan.expiredDate)}`
                  : 'None',
              ],
              ['Plan balance', b.userPlan ? formatNumber(b.userPlan.balance, 2) : null],
              ['Campaigns', formatNumber(b.campaignCount)],
              ['Contacts', formatNumber(b.contactCount)],
              [
                'Messaging provider',
                b.provider ? `${b.provider} (${b.wabaNumber ?? 'no number'})` : 'Not connected',
              ],
            ]}
          />
          <AnchorLink to="/admin/transactions" search={{ businessId: b.id }} size="sm">
            Its transactions
          </AnchorLink>
        </Section>
        <Section title="Affiliate">
          <Affiliate business={b} />
        </Section>
      </SimpleGrid>
      <Documents businessId={b.id} logo={b.companyLogo} />
      <AuditLog businessId={b.id} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

/** Accept, or reject with a reason the business will read in its notification. */
function Decision({ business }: { business: AdminBusinessDetail }) {
  const queryClient = useQueryClient();
  const [rejecting, reject] = useDisclosure(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (body: { status: 'accepted' | 'rejected'; reason?: string }) =>
      unwrap(
        api.PATCH('/api/v1/admin/businesses/{id}/verify', { params: { path: { id: business.id } }, body }),
      ),
    onSuccess: (row) => {
      reject.close();
      toast(
        `${business.companyName || 'The business'} was ${row.businessVerified}; the business has been notified.`,
        row.businessVerified === 'accepted' ? 'green' : 'blue',
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.business(business.id) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.businesses });
    },
  });
  if (business.businessVerified === 'accepted') return null;
  return (
    <Card withBorder padding="md" component="section" aria-label="Decision">
      <Group justify="space-between" gap="sm">
        <Text>
          {business.businessVerified === 'pending'
            ? 'Read the profile and the documents, then decide.'
            : 'This business was rejected. It can be accepted if it has fixed what was wrong.'}
        </Text>
        <Group gap="xs">
          <Button
            color="teal.9"
            loading={decide.isPending && decide.variables?.status === 'accepted'}
            onClick={() => decide.mutate({ status: 'accepted' })}
          >
            Accept
          </Button>
          {business.businessVerified === 'pending' && (
            <Button color="red.9" variant="outline" onClick={reject.open}>
              Reject…
            </Button>
          )}
        </Group>
      </Group>
      {!rejecting && decide.error && <FormError message={errorText(decide.error)} />}
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={rejecting}
        onClose={reject.close}
        title={`Reject ${business.companyName || 'this business'}`}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            decide.mutate({ status: 'rejected', reason: reason.trim() || undefined });
          }}
        >
          <Stack>
            <Textarea
              label="Reason"
              description="The business reads this in its notification: say what to fix."
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={1000}
              data-autofocus
            />
            <DialogActions error={decide.error ? errorText(decide.error) : null} onCancel={reject.close}>
              <Button type="submit" color="red.9" loading={decide.isPending}>
                Reject
              </Button>
            </DialogActions>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}

/** Promote to affiliate with a commission percentage (kept when already an affiliate: the code stays). */
function Affiliate({ business }: { business: AdminBusinessDetail }) {
  const queryClient = useQueryClient();
  const [percentage, setPercentage] = useState<number | string>(business.affiliatePercentage ?? 10);
  const promote = useMutation({
    mutationFn: () =>
      unwrap(
        api.POST('/api/v1/admin/businesses/{id}/promote-affiliate', {
          params: { path: { id: business.id } },
          body: { affiliatePercentage: Number(percentage) },
        }),
      ),
    onSuccess: (row) => {
      toast(
        `${row.companyName || 'The business'} is an affiliate at ${row.affiliatePercentage}%; referral code ${row.referralCode}.`,
        'green',
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.business(business.id) });
    },
  });
  const isAffiliate = business.type === 'affiliate';
  return (
    <Stack gap="xs">
      <Text size="sm">
        {isAffiliate
          ? `An affiliate earning ${business.affiliatePercentage}% of what referred businesses spend; referral code ${business.referralCode}.`
          : 'Not an affiliate. An affiliate earns a share of what the businesses it refers spend on campaigns.'}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          promote.mutate();
        }}
      >
        <Group align="flex-end" gap="xs">
          <NumberInput
            label="Commission (%)"
            min={0}
            max={100}
            allowDecimal={false}
            value={percentage}
            onChange={setPercentage}
            w={140}
            error={promote.error ? errorText(promote.error) : undefined}
          />
          <Button type="submit" variant="light" loading={promote.isPending}>
            {isAffiliate ? 'Change the percentage' : 'Promote to affiliate'}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** The business's files in the page: images drawn, PDFs in a frame, anything else as a link. */
function Documents({ businessId, logo }: { businessId: string; logo: string | null }) {
  const { data, error } = useQuery(adminBusinessFilesQuery(businessId));
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card withBorder padding="md" component="section" aria-label="Documents">
      <Title order={2} size="h4" mb="sm">
        Documents and files
      </Title>
      {error ? (
        <Text role="alert" c="red.9">
          {errorText(error)}
        </Text>
      ) : !data ? (
        <Skeleton h={120} />
      ) : (
        <Stack>
          {logo && (
            <Group gap="sm">
              <Image src={logo} alt="Company logo" h={64} w="auto" fit="contain" radius="sm" />
              <Text size="sm" c="dimmed">
                Company logo
              </Text>
            </Group>
          )}
          {!data.length && <Text c="dimmed">The business has uploaded no files.</Text>}
          {data.map((f) => {
            const kind = fileKind(f.type, f.fileName);
            const shown = open === f.id;
            return (
              <Stack key={f.id} gap={6}>
                <Group justify="space-between" gap="xs">
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {f.fileName}
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {formatDateTime(f.createdAt)}
                    </Text>
                  </Text>
                  <Group gap="xs">
                    {kind !== 'other' && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setOpen(shown ? null : f.id)}
                        aria-expanded={shown}
                      >
                        {shown ? 'Hide' : 'View'}
                        <VisuallyHidden> {f.fileName}</VisuallyHidden>
                      </Button>
                    )}
                    <Anchor href={f.url} target="_blank" rel="noreferrer" size="sm">
                      Open in a new tab<VisuallyHidden> ({f.fileName})</VisuallyHidden>
                    </Anchor>
                  </Group>
                </Group>
                {shown && kind === 'image' && (
                  <Image src={f.url} alt={f.fileName} mah={480} fit="contain" radius="sm" bg="gray.1" />
                )}
                {shown && kind === 'pdf' && (
                  <iframe src={f.url} title={f.fileName} style={{ width: '100%', height: 560, border: 0 }} />
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}

function fileKind(type: string | null, name: string): 'image' | 'pdf' | 'other' {
  const t = (type ?? '').toLowerCase();
  const n = name.toLowerCase();
  if (t.startsWith('image/') || /\.(png|jpe?g|gif|webp)$/.test(n)) return 'image';
  if (t === 'application/pdf' || n.endsWith('.pdf')) return 'pdf';
  return 'other';
}

/** What the business's members did, newest first: an administrator reads the same log its owner does. */
function AuditLog({ businessId }: { businessId: string }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const list = useQuery({
    ...adminBusinessAuditQuery(businessId, paging),
    placeholderData: keepPreviousData,
  });
  return (
    <Card withBorder padding="md" component="section" aria-label="Audit log">
      <Title order={2} size="h4" mb="sm">
        Audit log
      </Title>
      <ListView<AuditEntry>
        noun="entries"
        items={list.data?.items}
        error={list.error}
        empty="Nothing has been recorded for this business yet."
        paging={{ page: list.data, go: (patch) => setPaging((p) => ({ ...p, ...patch })) }}
        rowKey={(e) => e.id}
        minWidth={760}
        columns={auditColumns(() => undefined)}
      />
    </Card>
  );
}
