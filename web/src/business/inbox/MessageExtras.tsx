import { Group, Stack, Text } from '@mantine/core';
import type { ConversationMessage } from './inbox-parts';

/** "Automated · <rule>": a reply an automation rule sent, not a member. */
export function AutomatedMark({ message: m }: { message: ConversationMessage }) {
  if (!m.automation) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="automated">
      Automated · {m.automation.ruleName}
    </Text>
  );
}

/**
 * The buttons or list of one of our interactive messages, as the Cloud API carries them
 * (`action.buttons[].reply.title`, or `action.button` and `action.sections[].rows[].title`).
 */
export function InteractiveOptions({ message: m }: { message: ConversationMessage }) {
  const i = m.interactive as
    | {
        action?: {
          buttons?: { reply?: { title?: string } }[];
          button?: string;
          sections?: { rows?: { title?: string }[] }[];
        };
      }
    | null
    | undefined;
  const action = i?.action;
  if (!action) return null;
  const buttons = (action.buttons ?? []).map((b) => b.reply?.title ?? '');
  const rows = (action.sections ?? []).flatMap((s) => (s.rows ?? []).map((r) => r.title ?? ''));
  const options = buttons.length ? buttons : rows;
  if (!options.length) return null;
  return (
    <Group gap={4} mt={4} data-testid="interactive-options" aria-label={buttons.length ? 'Buttons' : 'List'}>
      {!buttons.length && action.button && (
        <Text size="xs" c="dimmed" w="100%">
          List “{action.button}”:
        </Text>
      )}
      {options.map((title) => (
        <Text
          // Titles are unique within a message (Meta requires it).
          key={title}
          size="xs"
          px={8}
          py={2}
          c="blue.9"
          style={{ border: '1px solid var(--mantine-color-blue-3)', borderRadius: 12 }}
        >
          {title}
        </Text>
      ))}
    </Group>
  );
}

/** An incoming button or list choice (a template's quick reply too). */
export function isChoice(m: ConversationMessage): boolean {
  return m.direction === 'in' && (m.type === 'button' || m.type === 'interactive');
}

/**
 * An incoming choice, said as such: "Chose: <title>", with a list row's description and the option's id
 * (what a choice rule listens for).
 */
export function ChoiceMark({ message: m }: { message: ConversationMessage }) {
  if (!isChoice(m)) return null;
  const d = (m.details ?? {}) as { payload?: unknown; description?: unknown };
  return (
    <Stack gap={0} data-testid="choice">
      <Text size="sm" fw={500}>
        Chose: {m.text ?? 'an option'}
      </Text>
      {typeof d.description === 'string' && (
        <Text size="xs" c="dimmed">
          {d.description}
        </Text>
      )}
      {typeof d.payload === 'string' && (
        <Text size="xs" c="dimmed">
          Option id: {d.payload}
        </Text>
      )}
    </Stack>
  );
}
