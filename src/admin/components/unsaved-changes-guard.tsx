import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While a form has unsaved changes: leaving for another screen asks first, and closing or
 * reloading the tab gets the browser's own "Leave site?" question.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal opened onClose={() => blocker.reset()} title="Leave without saving?">
      <Stack>
        <Text size="sm">Your changes to this form are not saved. Leaving drops them.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset()} data-autofocus>
            Stay
          </Button>
          <Button color="red.9" onClick={() => blocker.proceed()}>
            Leave and drop my changes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
