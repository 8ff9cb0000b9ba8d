import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';

/** A search box whose words go to the URL when sent (the list reads them from there). */
export function SearchForm({ initial, placeholder, onSearch }: { initial: string | undefined; placeholder: string; onSearch: (q: string | undefined) => void }) {
  const [q, setQ] = useState(initial ?? '');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q.trim() || undefined);
      }}
    >
      <Group gap="xs" align="flex-end">
        <TextInput label="Search" placeholder={placeholder} value={q} onChange={(e) => setQ(e.currentTarget.value)} w={240} />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}
