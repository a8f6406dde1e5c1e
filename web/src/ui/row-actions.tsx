import { Button, Group } from '@mantine/core';

/**
 * A list row's two buttons: change it (`edit`: "Edit", "Rename") and delete it, which opens a confirmation
 * (hence "Delete…"). Each names the row (`name`) to screen readers.
 */
export function EditDeleteActions(props: {
  name: string;
  edit: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="default" aria-label={`${props.edit} ${props.name}`} onClick={props.onEdit}>
        {props.edit}
      </Button>
      <Button
        size="xs"
        variant="outline"
        color="red.9"
        aria-label={`Delete ${props.name}`}
        onClick={props.onDelete}
      >
        Delete…
      </Button>
    </Group>
  );
}
