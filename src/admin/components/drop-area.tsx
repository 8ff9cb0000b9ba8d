import { Button, Group, Paper, Text } from '@mantine/core';
import { useId, useRef, useState } from 'react';

interface DropAreaProps {
  /** What to drop, in words: "Drop photos here". */
  label: string;
  /** What is accepted, in words, shown under the label. */
  hint?: string;
  /** The file picker's `accept` list (MIME types or extensions); dropped files are not filtered: the server says what it refuses. */
  accept: readonly string[];
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * A drop target for files with its "Choose files" button (no @mantine/dropzone: decision 0013
 * keeps the tree Node-20 clean). The area is keyboard focusable; Enter or Space opens the file
 * picker, as the button does. Used by the item photos and the CSV import.
 */
export function DropArea({ label, hint, accept, multiple = false, disabled = false, onFiles }: DropAreaProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const choose = () => {
    if (!disabled) input.current?.click();
  };
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length > 0 && !disabled) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      aria-label={label}
      aria-describedby={hint ? hintId : undefined}
      data-dragging={over || undefined}
      style={{
        borderStyle: 'dashed',
        borderWidth: 2,
        borderColor: over ? 'var(--mantine-primary-color-filled)' : undefined,
        background: over ? 'var(--mantine-primary-color-light)' : undefined,
        cursor: disabled ? 'not-allowed' : 'pointer',
        textAlign: 'center',
      }}
      onClick={choose}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          choose();
        }
      }}
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
    >
      <Text fw={500}>{label}</Text>
      {hint && (
        <Text size="sm" id={hintId}>
          {hint}
        </Text>
      )}
      <Group justify="center" mt="sm">
        {/* A span, not a second button inside this one: the whole area already opens the picker. */}
        <Button component="span" variant="default" aria-hidden>
          Choose files
        </Button>
      </Group>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept.join(',')}
        multiple={multiple}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
    </Paper>
  );
}
