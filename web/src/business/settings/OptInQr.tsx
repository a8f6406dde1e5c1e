import { Anchor, Button, Image, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/errors';
import { optInQrQuery } from '../../api/queries/campaigns';

/** The QR code customers scan to open a chat with the business and opt in. */
export function OptInQr() {
  const qr = useQuery({
    ...optInQrQuery,
    retry: false,
  });
  if (qr.isPending) return <Text>Loading…</Text>;
  if (qr.isError) return <Text role="alert">{errorText(qr.error)}</Text>;
  return (
    <Stack maw={320}>
      <Image
        src={qr.data.imageBase64}
        alt="QR code that opens a chat with your business to opt in"
        w={240}
        h={240}
      />
      <Text size="sm">
        Link:{' '}
        <Anchor href={qr.data.link} target="_blank" rel="noreferrer">
          {qr.data.link}
        </Anchor>
      </Text>
      <Button component="a" href={qr.data.imageBase64} download="opt-in-qr.png" w="fit-content">
        Download the QR code
      </Button>
    </Stack>
  );
}
