import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError, errorText } from '../api/errors';

interface SettableForm {
  setErrors(errors: Record<string, string>): void;
  getValues(): object;
}

/**
 * Puts an API failure where it belongs: each message the service tied to an input goes next to that input
 * (when the form has it); what is left is returned, to be shown above the submit button.
 */
export function applyApiError(
  form: SettableForm,
  err: unknown,
  aliases: Record<string, string> = {},
): string | null {
  if (!(err instanceof ApiError)) return errorText(err);
  const known = new Set(Object.keys(form.getValues()));
  const placed: Record<string, string> = {};
  for (const [path, message] of Object.entries(err.fieldErrors)) {
    const name = aliases[path] ?? path;
    const root = name.split('.')[0]!;
    if (known.has(name) || known.has(root)) placed[known.has(name) ? name : root] = message;
  }
  form.setErrors(placed);
  return Object.keys(placed).length ? null : err.message;
}

/** The form-level error, in words, announced to screen readers. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" variant="light" title="Not done">
      {message}
    </Alert>
  );
}

/**
 * The foot of a dialog's form: what went wrong, then Cancel (or the dialog's own words for backing out) and
 * the dialog's action, on the right.
 */
export function DialogActions(props: {
  error: string | null | undefined;
  onCancel: () => void;
  cancel?: string;
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={props.error ?? null} />
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel}>
          {props.cancel ?? 'Cancel'}
        </Button>
        {props.children}
      </Group>
    </>
  );
}

/** The foot of a page's form: what went wrong, then its one submit button. */
export function FormSubmit(props: {
  error: string | null | undefined;
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={props.error ?? null} />
      <Group>
        <Button type="submit" loading={props.busy} disabled={props.disabled}>
          {props.children}
        </Button>
      </Group>
    </>
  );
}
