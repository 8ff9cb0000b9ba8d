import { Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './filter-drawer.module.css';
import { usePhone } from './use-phone';

/**
 * A list's search and filters: in one row on a wide screen; on a phone the search stays in view
 * and the filters go behind a "Filters" button (with the count of those in use) that opens a
 * drawer from the bottom. The filters apply as they change, as on the desktop; a filter form
 * submitted in the drawer closes it.
 */
export function FilterDrawer({ search, active, onClear, children }: { search?: ReactNode; active: number; onClear?: () => void; children: ReactNode }) {
  const phone = usePhone();
  const [opened, { open, close }] = useDisclosure(false);
  if (!phone) {
    return (
      <Group align="flex-end" gap="sm">
        {search}
        {children}
      </Group>
    );
  }
  return (
    <>
      <Stack gap="xs">
        {search}
        <Group gap="xs">
          <Button variant="default" onClick={open} aria-haspopup="dialog">
            Filters{active > 0 ? ` (${active})` : ''}
          </Button>
          {onClear && active > 0 && (
            <Button variant="subtle" onClick={onClear}>
              Clear filters
            </Button>
          )}
        </Group>
      </Stack>
      <Drawer opened={opened} onClose={close} position="bottom" size="auto" title="Filters" closeButtonProps={{ 'aria-label': 'Close filters' }}>
        <Stack gap="sm" className={classes.fields} onSubmitCapture={close}>
          {children}
        </Stack>
        <Group mt="md" grow>
          {onClear && (
            <Button variant="default" onClick={onClear} disabled={active === 0}>
              Clear filters
            </Button>
          )}
          <Button onClick={close}>Show results</Button>
        </Group>
      </Drawer>
    </>
  );
}
