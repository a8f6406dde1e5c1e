import { Stack, Tabs } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { NotAllowed } from '../../app/NotAllowed';
import { useCan, useSession } from '../../auth/session';
import { PageHeader } from '../../ui/page';
import { ApiKeysSettings } from '../developers/ApiKeysSettings';
import { WebhooksSettings } from '../developers/WebhooksSettings';
import { MembersSettings } from '../members/MembersSettings';
import { BusinessProfile } from './BusinessProfile';
import { ChargingSettings } from './ChargingSettings';
import { ContactFieldsSettings } from './ContactFieldsSettings';
import { OptInQr } from './OptInQr';
import { ProfileSettings } from './ProfileSettings';
import { ProviderSettings } from './ProviderSettings';
import { SecuritySettings } from './SecuritySettings';

const route = getRouteApi('/app/settings');

export function SettingsPage() {
  const session = useSession();
  const { tab } = route.useSearch();
  const navigate = route.useNavigate();
  const may = useCan();
  const isBusiness = !!session.business;
  // Each business tab shows for the roles that may use it; the API refuses the others anyway.
  const tabs = {
    business: isBusiness && may('business:write'),
    provider: isBusiness && may('provider:manage'),
    members: isBusiness && may('members:read'),
    optIn: isBusiness && may('campaigns:read'),
    apiKeys: isBusiness && may('api-keys:manage'),
    webhooks: isBusiness && may('webhooks:manage'),
    contactFields: isBusiness && may('contact-fields:manage'),
  };
  const current = tab ?? 'profile';
  // A tab typed in (or linked) that this role may not open says so rather than showing an empty page.
  const refused =
    (current === 'business' && !tabs.business) ||
    (current === 'provider' && !tabs.provider) ||
    (current === 'members' && !tabs.members) ||
    (current === 'opt-in' && !tabs.optIn) ||
    (current === 'api-keys' && !tabs.apiKeys) ||
    (current === 'webhooks' && !tabs.webhooks) ||
    (current === 'contact-fields' && !tabs.contactFields);
  if (refused) return <NotAllowed />;
  return (
    <>
      <PageHeader title="Settings" />
      <Tabs
        value={current}
        onChange={(v) => void navigate({ search: { tab: v ?? undefined }, replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          {tabs.business && <Tabs.Tab value="business">Business</Tabs.Tab>}
          {tabs.members && <Tabs.Tab value="members">Members</Tabs.Tab>}
          {tabs.provider && <Tabs.Tab value="provider">Messaging provider</Tabs.Tab>}
          <Tabs.Tab value="security">Security</Tabs.Tab>
          {tabs.optIn && <Tabs.Tab value="opt-in">Opt-in QR code</Tabs.Tab>}
          {tabs.apiKeys && <Tabs.Tab value="api-keys">API keys</Tabs.Tab>}
          {tabs.webhooks && <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>}
          {tabs.contactFields && <Tabs.Tab value="contact-fields">Contact fields</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileSettings />
        </Tabs.Panel>
        {tabs.business && (
          <Tabs.Panel value="business">
            <Stack>
              <BusinessProfile />
              <ChargingSettings />
            </Stack>
          </Tabs.Panel>
        )}
        {tabs.members && (
          <Tabs.Panel value="members">
            <MembersSettings />
          </Tabs.Panel>
        )}
        {tabs.provider && (
          <Tabs.Panel value="provider">
            <ProviderSettings />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="security">
          <SecuritySettings />
        </Tabs.Panel>
        {tabs.optIn && (
          <Tabs.Panel value="opt-in">
            <OptInQr />
          </Tabs.Panel>
        )}
        {tabs.apiKeys && (
          <Tabs.Panel value="api-keys">
            <ApiKeysSettings />
          </Tabs.Panel>
        )}
        {tabs.webhooks && (
          <Tabs.Panel value="webhooks">
            <WebhooksSettings />
          </Tabs.Panel>
        )}
        {tabs.contactFields && (
          <Tabs.Panel value="contact-fields">
            <ContactFieldsSettings />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
