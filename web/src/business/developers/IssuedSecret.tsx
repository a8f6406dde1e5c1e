import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';

/**
 * A secret the service shows this once (an API key, a webhook signing secret): copy it now, it is never
 * shown again. The field is read-only and selected on focus so it can be copied by keyboard too.
 */
export function IssuedSecret(props: {
  name: string;
  secret: string;
  /** "key" or "signing secret": what the words call it. */
  what: string;
  note?: string;
  onDone: () => void;
}) {
  return (
    <Stack>
      <Alert color="yellow" variant="light" title="Copy it now">
        This is the only time the {props.what} of <strong>{props.name}</strong> is shown. Store it where the
        program reads its secrets; if it is lost, rotate it.
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={`The ${props.what}`}
          value={props.secret}
          readOnly
          ff="monospace"
          style={{ flex: 1 }}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="issued-secret"
        />
        <CopyButton value={props.secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} color={copied ? 'green' : undefined}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {props.note && <Text size="sm">{props.note}</Text>}
      <Group justify="flex-end">
        <Button onClick={props.onDone}>I have stored it</Button>
      </Group>
    </Stack>
  );
}
