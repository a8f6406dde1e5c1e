import { Title } from '@mantine/core';

export function ContactsPage() {
  return (
    <Title order={1} size="h2">
      Contacts
    </Title>
  );
}
