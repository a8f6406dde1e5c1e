import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { optionalJson } from '../queries';

/** One row of GET /contacts/tags (the service's tagCountSchema). */
interface TagCount {
  tag: string;
  contacts: number;
  optedIn: number;
}

export const tagsQuery = {
  queryKey: ['contacts', 'tags'],
  queryFn: () => optionalJson<TagCount[] | { items: TagCount[] }>('/api/v1/contacts/tags'),
  staleTime: 30_000,
};

export function tagList(data: Awaited<ReturnType<typeof tagsQuery.queryFn>> | undefined) {
  if (!data) return null;
  return Array.isArray(data) ? data : data.items;
}

/** The business's tags with their counts when the service lists them; a free text box otherwise. */
export function TagFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
}) {
  const tags = useQuery(tagsQuery);
  const list = tagList(tags.data);
  const [typed, setTyped] = useState(value ?? '');
  if (list) {
    return (
      <Select
        label="Tag"
        placeholder="Any tag"
        clearable
        searchable
        value={value ?? null}
        onChange={(v) => onChange(v ?? undefined)}
        data={list.map((t) => ({ value: t.tag, label: `${t.tag} (${t.contacts.toLocaleString()})` }))}
        w={{ base: '100%', sm: 200 }}
      />
    );
  }
  return (
    <TextInput
      label="Tag"
      placeholder="Any tag"
      value={typed}
      onChange={(e) => setTyped(e.currentTarget.value)}
      onBlur={() => onChange(typed.trim() || undefined)}
      onKeyDown={(e) => e.key === 'Enter' && onChange(typed.trim() || undefined)}
      w={{ base: '100%', sm: 200 }}
    />
  );
}
