import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { itemNumSchema } from '../../../contract/admin/items';
import { lookUpItem } from './api';
import type { DraftItem } from './draft';

/** An item number in, its title looked up (an unknown number is said at once), then added to the section. */
export function AddItem({ sectionName, onAdd, isOnForm }: { sectionName: string; onAdd: (item: DraftItem) => void; isOnForm: (num: string) => boolean }) {
  const [num, setNum] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async () => {
    const parsed = itemNumSchema.safeParse(num.trim());
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    if (isOnForm(parsed.data)) return setError(`Item ${parsed.data} is on the form already`);
    setBusy(true);
    try {
      const item = await lookUpItem(parsed.data);
      if (item.status !== 'active') return setError(`Item ${item.num} is ${item.status}: only items on sale can be added`);
      onAdd({ itemNum: item.num, title: item.web_Title });
      setNum('');
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs" align="flex-start">
      <TextInput
        aria-label={`Item number to add to ${sectionName}`}
        placeholder="Item number"
        value={num}
        error={error}
        onChange={(e) => setNum(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void add();
          }
        }}
        w={160}
      />
      <Button variant="default" loading={busy} onClick={() => void add()}>
        Add item
      </Button>
    </Group>
  );
}
