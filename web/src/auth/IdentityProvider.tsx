import { Alert, Button, Divider, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { api, unwrap } from '../api/client';
import { ApiError, errorText } from '../api/errors';
import { identityProviderQuery } from '../api/queries/auth';
import { disconnectRealtime } from '../realtime/socket';
import { AnchorLink } from '../ui/link';
import { safeRedirect } from './redirect';
import { sessionQuery } from './session';

const route = getRouteApi('/public/oauth/callback');

/**
 * Where the flow started (its `state`, checked on return), where to go once signed in, and the invitation the
 * identity joins when it started on an invitation page.
 */
const STARTED_KEY = 'identity-provider-sign-in';

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * "Continue with …" on sign-in, sign-up and the invitation page, only when the service has an identity
 * provider configured: sends the browser to the provider with a fresh `state` kept in this tab.
 */
export function IdentityProviderButton({
  redirect,
  invitationToken,
}: {
  redirect?: string;
  /** Joining a business: the callback accepts this invitation with the identity instead of signing in. */
  invitationToken?: string;
}) {
  const provider = useQuery(identityProviderQuery);
  const p = provider.data;
  if (!p?.enabled || !p.authorizationUrl) return null;
  const start = () => {
    const state = randomState();
    sessionStorage.setItem(
      STARTED_KEY,
      JSON.stringify({ state, redirect: safeRedirect(redirect), invitationToken }),
    );
    const url = new URL(p.authorizationUrl!);
    url.searchParams.set('state', state);
    window.location.assign(url.toString());
  };
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button variant="default" onClick={start}>
        Continue with {p.name}
      </Button>
    </>
  );
}

function started(): { state: string; redirect: string; invitationToken?: string } | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(STARTED_KEY) ?? 'null');
    return value && typeof value.state === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Where the identity provider sends the browser back: checks `state`, posts the code to the service and
 * goes on signed in; a cancelled, foreign or refused sign-in is said in words with a way back.
 */
export function IdentityProviderCallback() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // Set when the flow joins an invitation: a refusal leads back to it (the link still works).
  const [invitation, setInvitation] = useState<string | null>(null);
  // The code works once: a second run of the effect (React's development double run) must not spend it.
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const begun = started();
    sessionStorage.removeItem(STARTED_KEY);
    if (search.error) {
      setError(
        search.error === 'access_denied'
          ? 'You cancelled signing in with the identity provider. You can try again or use your e-mail and password.'
          : `The identity provider did not sign you in (${search.error_description ?? search.error}).`,
      );
      return;
    }
    if (!begun || !search.state || begun.state !== search.state) {
      setError(
        'This sign-in was not started from this browser tab or has expired, so it was not used. Start again.',
      );
      return;
    }
    if (!search.code) {
      setError('The identity provider sent no authorisation code. Start again.');
      return;
    }
    const code = search.code;
    void (async () => {
      try {
        if (begun.invitationToken) {
          setInvitation(begun.invitationToken);
          await unwrap(
            api.POST('/api/v1/invitations/accept', {
              body: { token: begun.invitationToken, identityCode: code },
            }),
          );
          // The new session acts for the business joined: nothing of another session's business may linger.
          disconnectRealtime();
          queryClient.clear();
          await navigate({ to: '/', replace: true });
          return;
        }
        await unwrap(api.POST('/api/v1/oauth/identity-provider-sign-in', { body: { code } }));
        await queryClient.resetQueries({ queryKey: sessionQuery.queryKey });
        await navigate({ to: begun.redirect, replace: true });
      } catch (err) {
        setError(
          err instanceof ApiError && err.status === 401
            ? 'The identity provider did not accept this sign-in: the code expired or was already used. Start again.'
            : begun.invitationToken
              ? `Joining with the identity provider failed: ${errorText(err)}`
              : `Signing in with the identity provider failed: ${errorText(err)}`,
        );
      }
    })();
  }, [search, navigate, queryClient]);

  if (!error) {
    return (
      <Stack align="center">
        <Title order={1} size="h3">
          Signing you in…
        </Title>
        <Loader aria-label="Signing you in" />
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={1} size="h3">
        Sign-in did not complete
      </Title>
      <Alert color="red" role="alert" variant="light">
        {error}
      </Alert>
      <Text size="sm">
        {invitation ? (
          <AnchorLink to="/invitation" search={{ token: invitation }}>
            Back to the invitation
          </AnchorLink>
        ) : (
          <AnchorLink to="/sign-in">Back to sign in</AnchorLink>
        )}
      </Text>
    </Stack>
  );
}
