import {
  Button,
  Card,
  CopyButton,
  Group,
  Image,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { referralQrQuery } from '../api/queries/affiliate';
import { useSession } from '../auth/session';

/** The link a referred business signs up with: the sign-up page reads the code from it. */
export function referralLink(code: string): string {
  return `${location.origin}/sign-up?referralCode=${encodeURIComponent(code)}`;
}

export function Referral() {
  const { business } = useSession();
  const code = business?.referralCode ?? null;
  const link = code ? referralLink(code) : '';
  const qr = useQuery({ ...referralQrQuery(link), enabled: !!code });
  return (
    <Card withBorder padding="md" component="section" aria-label="Your referral link">
      <Title order={2} size="h4" mb="sm">
        Your referral link
      </Title>
      {!code ? (
        <Text>You have no referral code yet. Ask an administrator to issue one.</Text>
      ) : (
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="xs" style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput label="Referral code" value={code} readOnly style={{ flex: 1 }} />
              <CopyButton value={code}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} color={copied ? 'teal.9' : undefined}>
                    {copied ? 'Copied' : 'Copy code'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput label="Link" value={link} readOnly style={{ flex: 1, minWidth: 0 }} />
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy} color={copied ? 'teal.9' : undefined}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              A business that signs up through this link (or types the code) is yours for good.
            </Text>
          </Stack>
          <Stack gap={4} align="center">
            {qr.data ? (
              <Image src={qr.data} alt={`QR code of your referral link ${link}`} w={160} h={160} />
            ) : (
              <Skeleton w={160} h={160} />
            )}
            {qr.data && (
              <Button
                component="a"
                href={qr.data}
                download={`referral-${code}.png`}
                variant="subtle"
                size="xs"
              >
                Download the QR code
              </Button>
            )}
          </Stack>
        </Group>
      )}
    </Card>
  );
}
