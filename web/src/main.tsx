import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './ui/global.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApiError } from './api/errors';
import { sessionQuery } from './auth/session';
import { makeRouter } from './routes';

const theme = createTheme({
  primaryColor: 'blue',
  // Shade 9 keeps white text on filled buttons, and links on tinted backgrounds, above 4.5:1 (WCAG AA).
  primaryShade: 9,
  defaultRadius: 'md',
  // Visitors who ask their system for less motion get no transitions (toasts, menus, modals).
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } },
      // Mantine draws a titled toast's text in gray.6 (3.3:1 on white).
      styles: { description: { color: 'var(--mantine-color-gray-8)' } },
    },
  },
});

const TINTED = ['blue', 'orange', 'red', 'green', 'teal', 'violet', 'gray', 'yellow', 'cyan', 'grape'];
/**
 * Text on Mantine's light (tinted) badges and alerts uses shade 6, under 4.5:1 for most colours; shade 9
 * darkened further reads well on every tint.
 */
const tintedText = Object.fromEntries(
  TINTED.map((c) => [
    `--mantine-color-${c}-light-color`,
    `color-mix(in srgb, var(--mantine-color-${c}-9) 70%, black)`,
  ]),
);

/** A session that ended while the tab was open: forget it and show sign-in, keeping where the user was. */
function onApiError(err: unknown): void {
  if (err instanceof ApiError && err.status === 401 && !location.pathname.startsWith('/sign-in')) {
    queryClient.setQueryData(sessionQuery.queryKey, null);
    void router.navigate({ to: '/sign-in', search: { redirect: location.pathname + location.search } });
  }
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onApiError }),
  mutationCache: new MutationCache({ onError: onApiError }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
const router = makeRouter(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={() => ({
        variables: {},
        // Mantine's dimmed grey is 3.3:1 on white; gray.7 reads at 7:1. Its error red (red.6, drawn in the
        // text of an invalid input and under it) is 3.3:1 too; red.9 reads at 5.6:1.
        light: {
          '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
          '--mantine-color-error': 'var(--mantine-color-red-9)',
          ...tintedText,
        },
        dark: {},
      })}
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
