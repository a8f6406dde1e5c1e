import { Box, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, unwrap } from '../api/client';
import { errorText } from '../api/errors';
import { type MemberRole, useSession } from '../auth/session';
import { disconnectRealtime } from '../realtime/socket';
import { toast } from '../ui/page';
import { Icons } from './icons';

const ROLE_NAMES: Record<MemberRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  marketer: 'Marketer',
  agent: 'Agent',
  viewer: 'Viewer',
};

/**
 * Which business the console acts for, and the others the account belongs to, in the menu's head. Shown only
 * to an account in more than one business. Switching opens a new session for the other business (the old one
 * ends): every cached page of the old business is forgotten and the console starts again from its home.
 */
export function BusinessSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const [opened, setOpened] = useState(false);
  const { memberships, membership } = session;
  if (memberships.length < 2 || !membership) return null;
  const switchTo = async (businessId: string) => {
    setSwitching(true);
    try {
      await unwrap(api.POST('/api/v1/auth/switch-business', { body: { businessId } }));
      disconnectRealtime();
      queryClient.clear();
      setOpened(false);
      onSwitched?.();
      await navigate({ to: '/' });
    } catch (err) {
      toast(`Could not switch: ${errorText(err)}`, 'red');
    } finally {
      setSwitching(false);
    }
  };
  const name = (m: { companyName: string | null }) => m.companyName ?? 'Unnamed business';
  return (
    <Popover position="bottom-start" width="target" opened={opened} onChange={setOpened} trapFocus>
      <Popover.Target>
        <UnstyledButton
          w="100%"
          p="xs"
          mb="xs"
          disabled={switching}
          onClick={() => setOpened((o) => !o)}
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
          data-testid="business-switcher"
        >
          <Box style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Box style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} truncate>
                {name(membership)}
              </Text>
              <Text size="xs" c="dimmed">
                {switching ? 'Switching…' : `${ROLE_NAMES[membership.role]} · switch business`}
              </Text>
            </Box>
            <Icons.Switch size={16} />
          </Box>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {memberships.map((m) => (
            <li key={m.businessId}>
              <UnstyledButton
                w="100%"
                p="xs"
                aria-current={m.current ? 'true' : undefined}
                disabled={m.current}
                onClick={() => void switchTo(m.businessId)}
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  background: m.current ? 'var(--mantine-color-blue-0)' : undefined,
                }}
              >
                <Text size="sm" fw={m.current ? 700 : 500}>
                  {name(m)}
                </Text>
                <Text size="xs" c="dimmed">
                  {ROLE_NAMES[m.role]}
                  {m.current ? ' · you are here' : ''}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
