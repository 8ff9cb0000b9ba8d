import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { SERVER_MESSAGES } from '../../../contract/messages';
import { confirmPassword } from './api';
import { customerErrorMessage } from './login-error';
import { ACCOUNT_FAILURES } from './texts';

/**
 * The answer to UpdateEmail's 403 (DESIGN.md §3 "Email change"): the session has not entered its
 * password in the last 10 minutes, so the page asks for it (POST /Customer/ConfirmPassword) and
 * then tries the change again.
 */
export function PasswordPrompt({ opened, onConfirmed, onClose }: { opened: boolean; onConfirmed: () => void; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setError(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setError(SERVER_MESSAGES.passwordRequired);
      return;
    }
    setBusy(true);
    try {
      await confirmPassword(password);
      setPassword('');
      setError(null);
      onConfirmed();
    } catch (err) {
      setError(customerErrorMessage(err, ACCOUNT_FAILURES.confirmPassword));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Confirm your password" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{SERVER_MESSAGES.passwordConfirmationNeeded}</Text>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            value={password}
            error={error}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
