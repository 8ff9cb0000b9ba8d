import { ActionIcon, Button, Group, NumberInput, Text } from '@mantine/core';
import { useState } from 'react';

interface Props {
  qty: number;
  invNum: string;
  max: number;
  saving: boolean;
  /** Called with a whole number ≥ 1; empty or lower values are ignored (spec §4 Cart quantity edit). */
  onSave(qty: number): void;
  /** The drawer: Enter saves and Escape cancels (spec §4). */
  keyboard?: boolean;
  compact?: boolean;
}

/** View mode, then edit mode, then save or cancel. */
export function QuantityEditor({ qty, invNum, max, saving, onSave, keyboard = true, compact = false }: Props) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | string>(qty);
  const start = () => {
    setValue(qty);
    setEditing(true);
  };
  const save = () => {
    const n = typeof value === 'number' ? value : Number(value);
    if (value === '' || !Number.isFinite(n) || n < 1) return;
    const clamped = Math.min(max, Math.floor(n));
    setEditing(false);
    if (clamped !== qty) onSave(clamped);
  };
  if (!editing) {
    return (
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={600} miw={28} ta="right" data-testid={`qty-${invNum}`}>
          {qty}
        </Text>
        {compact ? (
          <ActionIcon variant="subtle" size="sm" onClick={start} aria-label={`Edit quantity of ${invNum}`} loading={saving}>
            ✎
          </ActionIcon>
        ) : (
          <Button size="compact-xs" variant="light" onClick={start} loading={saving} aria-label={`Edit quantity of ${invNum}`}>
            Edit
          </Button>
        )}
      </Group>
    );
  }
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        size="xs"
        w={compact ? 64 : 80}
        value={value}
        onChange={setValue}
        min={1}
        max={max}
        clampBehavior="blur"
        allowDecimal={false}
        allowNegative={false}
        aria-label={`Quantity of ${invNum}`}
        // Escape cancels the edit, not the drawer around it (Mantine's modals honour this attribute).
        data-mantine-stop-propagation
        autoFocus
        onKeyDown={(e) => {
          if (!keyboard) return;
          if (e.key === 'Enter') {
            e.preventDefault();
            save();
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            setEditing(false);
          }
        }}
      />
      <Button size="compact-xs" onClick={save} aria-label={`Save quantity of ${invNum}`}>
        Save
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => setEditing(false)} aria-label={`Cancel editing ${invNum}`}>
        Cancel
      </Button>
    </Group>
  );
}
