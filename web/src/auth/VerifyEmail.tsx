import { Anchor, Button, Center, Group, Paper, PinInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { api, unwrap } from '../api/client';
import { errorText } from '../api/errors';
import { sessionQuery, useSession } from './session';

const route = getRouteApi('/app/verify-email');

/**
 * The six-digit code e-mailed at sign-up (or sent again), typed in six boxes; or, opened from the mail's
 * link, its single-use token, sent once on arrival.
 */
export function VerifyEmail() {
  const { token } = route.useSearch();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const boxes = useRef<HTMLDivElement>(null);
  // Only the answer to the latest code counts: an earlier (wrong) one that arrives late must not show its
  // error over the right one's success.
  const attempt = useRef(0);

  const verify = async (value = code, linkToken?: string) => {
    if (!linkToken && value.length !== 6) return setError('Enter the six digits of the code');
    const mine = ++attempt.current;
    setBusy(true);
    setError(null);
    try {
      const body = linkToken ? { token: linkToken } : { code: value };
      await unwrap(api.POST('/api/v1/auth/verify-email', { body }));
      if (mine !== attempt.current) return;
      notifications.show({ color: 'green', title: 'E-mail verified', message: 'Your address is confirmed.' });
      await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      await navigate({ to: '/' });
    } catch (err) {
      if (mine !== attempt.current) return;
      setError(errorText(err));
      // A refused code is cleared so the next one typed is sent as soon as its sixth digit is in (the boxes
      // only submit when they go from incomplete to complete; typing over a full set never did).
      setCode('');
      boxes.current?.querySelector('input')?.focus();
    } finally {
      if (mine === attempt.current) setBusy(false);
    }
  };

  // The link's token is sent once, when the page opens from it (a used token is a 400, shown as the error).
  const sentToken = useRef(false);
  useEffect(() => {
    if (!token || sentToken.current || session.user.verified) return;
    sentToken.current = true;
    void verify('', token);
  });

  const resend = async () => {
    setError(null);
    try {
      await unwrap(api.POST('/api/v1/auth/send-code', { body: { email: session.user.email } }));
      setResent(true);
    } catch (err) {
      setError(errorText(err));
    }
  };

  if (session.user.verified) {
    return (
      <Center mih="40vh">
        <Text>Your e-mail address is verified.</Text>
      </Center>
    );
  }
  return (
    <Center mih="50vh">
      <Paper withBorder p="lg" maw={460} w="100%">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void verify();
          }}
        >
          <Stack>
            <Title order={1} size="h3">
              Verify your e-mail
            </Title>
            <Text size="sm">
              We sent a six-digit code to <b>{session.user.email}</b>. Type it below.
            </Text>
            <Group justify="center" ref={boxes}>
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                value={code}
                onChange={(v) => {
                  setCode(v);
                  if (v) setError(null);
                }}
                onComplete={(v) => void verify(v)}
                error={!!error}
                aria-label="Verification code"
                getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of 6` })}
              />
            </Group>
            {error && (
              <Text c="red.9" size="sm" role="alert" ta="center">
                {error}
              </Text>
            )}
            {resent && (
              <Text size="sm" role="status">
                A new code is on its way.
              </Text>
            )}
            <Button type="submit" loading={busy}>
              Verify
            </Button>
            <Anchor component="button" type="button" size="sm" onClick={resend}>
              Send me a new code
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
