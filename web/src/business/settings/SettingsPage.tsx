import { Tabs } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useSession } from '../../auth/session';
import { PageHeader } from '../../ui/page';
import { BusinessProfile } from './BusinessProfile';
import { OptInQr } from './OptInQr';
import { ProfileSettings } from './ProfileSettings';
import { ProviderSettings } from './ProviderSettings';
import { SecuritySettings } from './SecuritySettings';

const route = getRouteApi('/app/settings');

export function SettingsPage() {
  const session = useSession();
  const { tab } = route.useSearch();
  const navigate = route.useNavigate();
  const isBusiness = !!session.business;
  const current = tab ?? 'profile';
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
          {isBusiness && <Tabs.Tab value="business">Business</Tabs.Tab>}
          {isBusiness && <Tabs.Tab value="provider">Messaging provider</Tabs.Tab>}
          <Tabs.Tab value="security">Security</Tabs.Tab>
          {isBusiness && <Tabs.Tab value="opt-in">Opt-in QR code</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="profile">
          <ProfileSettings />
        </Tabs.Panel>
        {isBusiness && (
          <Tabs.Panel value="business">
            <BusinessProfile />
          </Tabs.Panel>
        )}
        {isBusiness && (
          <Tabs.Panel value="provider">
            <ProviderSettings />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="security">
          <SecuritySettings />
        </Tabs.Panel>
        {isBusiness && (
          <Tabs.Panel value="opt-in">
            <OptInQr />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}
