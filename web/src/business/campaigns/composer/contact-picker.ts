import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { contactsQuery } from '../../../api/queries/contacts';

/**
 * The picked-contacts box: opted-in contacts found by a search, plus the ones already picked under the
 * names they were found by (a picked contact stays named after the search moves on).
 */
export function useContactPicker(enabled: boolean, picked: string[]) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 250);
  const options = useQuery({
    ...contactsQuery({ page: 1, pageSize: 20, search: debouncedSearch || undefined, optIn: 'true' }),
    enabled,
  });
  const [pickedLabels, setPickedLabels] = useState<Record<string, string>>({});
  const data = useMemo(() => {
    const found = (options.data?.items ?? []).map((c) => ({
      value: c.id,
      label: `${c.firstName} ${c.lastName} (${c.phoneNumber})`,
    }));
    const known = new Set(found.map((f) => f.value));
    return [
      ...found,
      ...picked.filter((id) => !known.has(id)).map((id) => ({ value: id, label: pickedLabels[id] ?? id })),
    ];
  }, [options.data, picked, pickedLabels]);

  useEffect(() => {
    if (!enabled) return;
    const labels: Record<string, string> = {};
    for (const c of options.data?.items ?? [])
      labels[c.id] = `${c.firstName} ${c.lastName} (${c.phoneNumber})`;
    setPickedLabels((p) => ({ ...p, ...labels }));
  }, [options.data, enabled]);

  return { search, setSearch, data };
}
