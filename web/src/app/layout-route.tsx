import { Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { ApiError } from '../api/errors';
import { can, hasRole, sessionQuery } from '../auth/session';
import { NotAllowedError } from './area';
import { NotAllowed, PageError } from './NotAllowed';
import { rootRoute } from './root-route';

/**
 * Every signed-in page: loads the session first (sign-in when there is none) and draws the shell. An
 * administrator opening `/` (or signing in without a page to return to) is sent to the admin home.
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQuery);
    if (!session) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    // `/` is each role's home: an administrator's is the admin home, a business's (affiliates too) its own.
    if (location.pathname === '/' && hasRole(session, ['admin', 'superadmin']))
      throw redirect({ to: '/admin' });
    // A member whose role has no home page to read (an agent: campaigns and reports are not its own) starts
    // in the inbox, the one place its work is.
    if (
      location.pathname === '/' &&
      session.membership &&
      !can(session, 'campaigns:read') &&
      can(session, 'inbox:read')
    )
      throw redirect({ to: '/inbox' });
    // The real-time client and the shell load with the first signed-in page, not with sign-in's.
    void import('../realtime/socket').then((m) => m.connectRealtime(session));
    return { session };
  },
  component: lazyRouteComponent(() => import('./Shell'), 'Shell'),
  errorComponent: AreaError,
});

/** A signed-in page that failed or may not be opened, drawn inside the shell. */
export function AreaError({ error, reset }: { error: unknown; reset: () => void }) {
  if (error instanceof NotAllowedError || (error instanceof ApiError && error.status === 403))
    return <NotAllowed />;
  return <PageError error={error} reset={reset} />;
}

/** The pages used signed out (sign in, sign up, password reset): a centred card, no navigation. */
export const publicRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: PublicLayout,
});

function PublicLayout() {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-1)">
      <Container size={440} w="100%" p={0}>
        <Stack gap="lg">
          <Stack gap={2} align="center">
            <Title order={2} component="p" c="blue.9">
              Campaign console
            </Title>
            <Text size="sm" c="dimmed">
              Messaging campaigns for your business
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" p="lg" radius="md" component="main">
            <Outlet />
          </Paper>
        </Stack>
      </Container>
    </Center>
  );
}
