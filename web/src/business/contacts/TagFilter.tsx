import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { tagsQuery } from '../../api/queries/contacts';

/** The business's tags with their counts once they have loaded; a free text box until then (or if they fail). */
export function TagFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (tag: string | undefined) => void;
}) {
  const list = useQuery(tagsQuery).data;
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
