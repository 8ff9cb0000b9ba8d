import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { CallError, FormProblems } from './form-problems';
import { SchemaForm } from './schema-form';

interface FormDialogProps {
  title: string;
  size?: ModalProps['size'];
  /** The fields. */
  children: ReactNode;
  /** Checks the fields against the contract's schema and sends them. */
  onSubmit: () => void;
  /** What the form found wrong before sending. */
  problems: readonly string[];
  /** The server's refusal of the call. */
  error: Error | null;
  pending: boolean;
  submitLabel: string;
  /** The button that leaves without sending. */
  closeLabel?: string;
  onClose: () => void;
}

/** A dialog that is one form: its fields, what is wrong with them or what the server refused, leave and send. */
export function FormDialog({ title, size, children, onSubmit, problems, error, pending, submitLabel, closeLabel = 'Close', onClose }: FormDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title} size={size}>
      <SchemaForm onSubmit={onSubmit}>
        <Stack>
          {children}
          <FormProblems problems={problems} />
          <CallError error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {closeLabel}
            </Button>
            <Button type="submit" loading={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </SchemaForm>
    </Modal>
  );
}
