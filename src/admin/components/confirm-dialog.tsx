import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CallError } from './form-problems';

interface ConfirmDialogProps {
  title: string;
  /** What happens, in plain words. */
  message: React.ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: Error | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" for a change that cannot be undone (delete, revoke); a refusal stays in the dialog. */
export function ConfirmDialog({ title, message, confirmLabel, pending, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">{message}</Text>
        <CallError error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep it
          </Button>
          <Button color="red.9" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
