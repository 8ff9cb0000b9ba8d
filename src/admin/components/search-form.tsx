import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/** A list's search box: the text goes to `onSearch` (trimmed, undefined when empty) on Enter or the button. */
export function SearchForm({ value, placeholder, width, onSearch }: { value: string | undefined; placeholder: string; width: number; onSearch: (q: string | undefined) => void }) {
  const [q, setQ] = useState(value ?? '');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q.trim() || undefined);
      }}
    >
      <Group gap="xs" align="flex-end">
        <TextInput label="Search" placeholder={placeholder} value={q} onChange={(e) => setQ(e.currentTarget.value)} w={width} maxLength={100} />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}
