import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { errorText } from '../api/errors';

/** A page the signed-in account's role may not open (typed in or followed from a link). */
export function NotAllowed() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" maw={440} ta="center">
        <Title order={1} size="h2">
          Not allowed
        </Title>
        <Text>Your account may not open this page. If you think it should, ask an administrator.</Text>
        <Button component={Link} to="/">
          Back to the console
        </Button>
      </Stack>
    </Center>
  );
}

export function NotFound() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" ta="center">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text>There is no page at this address.</Text>
        <Button component={Link} to="/">
          Back to the console
        </Button>
      </Stack>
    </Center>
  );
}

/** A page that could not load: the reason in words and a way to try again. */
export function PageError({ error, reset }: { error: unknown; reset?: () => void }) {
  return (
    <Center mih="40vh">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} size="h3">
          This page could not load
        </Title>
        <Text role="alert">{errorText(error)}</Text>
        {reset && <Button onClick={reset}>Try again</Button>}
      </Stack>
    </Center>
  );
}
