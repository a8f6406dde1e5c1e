import {
  AppShell,
  Box,
  Burger,
  Group,
  NavLink,
  ScrollArea,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { api } from '../api/client';
import { useSession } from '../auth/session';
import { NotificationBell } from '../notifications/NotificationBell';
import { disconnectRealtime } from '../realtime/socket';
import { navVisible } from './area';
import { BusinessSwitcher } from './BusinessSwitcher';
import { Icons } from './icons';
import { navItems } from './nav';

/** The signed-in frame: header with the bell and sign-out, navigation by role, the page in `main`. */
export function Shell() {
  const session = useSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const items = navItems().filter((i) => navVisible(session, i));
  const signOut = useSignOut();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Menu" />
            {/* On a phone the menu is closed: its live counts stay in sight beside it. */}
            {!opened &&
              items.map((item) =>
                item.badge ? (
                  <Box key={item.to} hiddenFrom="sm">
                    <item.badge link={{ to: item.to, label: item.label, icon: item.icon }} />
                  </Box>
                ) : null,
              )}
            <UnstyledButton component={Link} to="/" aria-label="Campaign console, home">
              <Text fw={700} c="blue.9" style={{ whiteSpace: 'nowrap' }}>
                Campaign console
              </Text>
            </UnstyledButton>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <NotificationBell />
            <UnstyledButton onClick={signOut} aria-label="Sign out" p={6} style={{ display: 'flex' }}>
              <Icons.SignOut size={20} />
              <VisuallyHidden>Sign out</VisuallyHidden>
            </UnstyledButton>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main">
        <BusinessSwitcher onSwitched={close} />
        <ScrollArea style={{ flex: 1 }}>
          {items.map((item) => {
            const exact = item.to === '/' || !!item.exact;
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                // The router marks a link current (aria-current) by the same rule as the highlight.
                activeOptions={{ exact }}
                label={item.label}
                leftSection={<item.icon />}
                rightSection={item.badge ? <item.badge /> : undefined}
                active={exact ? pathname === item.to : pathname.startsWith(item.to)}
                onClick={close}
              />
            );
          })}
        </ScrollArea>
        <Text size="xs" c="dimmed" p="xs" truncate>
          {session.user.email}
        </Text>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await api.POST('/api/v1/auth/sign-out').catch(() => undefined);
    disconnectRealtime();
    queryClient.clear();
    await navigate({ to: '/sign-in' });
  };
}
