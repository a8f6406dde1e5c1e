import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';

/**
 * A list's search box: the search moves (into the URL, back to page 1) once typing pauses for 300 ms, so a
 * word typed is one request, not one a letter.
 */
export function SearchBox(props: {
  value: string | undefined;
  placeholder: string;
  onSearch: (search: string | undefined) => void;
  width?: number;
}) {
  const search = useDebouncedCallback((typed: string) => props.onSearch(typed.trim() || undefined), 300);
  return (
    <TextInput
      label="Search"
      placeholder={props.placeholder}
      defaultValue={props.value ?? ''}
      onChange={(e) => search(e.currentTarget.value)}
      w={{ base: '100%', sm: props.width ?? 300 }}
    />
  );
}
