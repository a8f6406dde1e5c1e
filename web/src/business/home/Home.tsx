import { Stack, Text, Title } from '@mantine/core';
import { useSession } from '../../auth/session';

export function Home() {
  const session = useSession();
  return (
    <Stack>
      <Title order={1} size="h2">
        Welcome, {session.user.name}
      </Title>
      <Text>Your console.</Text>
    </Stack>
  );
}
