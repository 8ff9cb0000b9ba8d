import { Button, Group, Paper, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { usePhone } from './use-phone';

/**
 * What can be done with the selected rows. On a wide screen: the buttons where it is placed (in
 * the row above the list, as before). On a phone: a bar fixed to the bottom of the screen while something is selected, with the
 * count and "Clear", so the actions stay under the thumb however far the list is scrolled.
 */
export function BottomActionBar({ count, noun, onClear, children }: { count: number; noun: [string, string]; onClear: () => void; children: ReactNode }) {
  const phone = usePhone();
  const shown = phone && count > 0;
  useEffect(() => {
    if (!shown) return;
    // Room at the end of the page, so the bar never hides the last card.
    document.body.style.paddingBottom = '80px';
    return () => {
      document.body.style.paddingBottom = '';
    };
  }, [shown]);
  if (!phone) return <>{children}</>;
  // Nothing selected: the bar is away, but its buttons stay mounted (hidden), so a dialog one of them
  // opened (a result, a form) outlives the selection it cleared.
  if (!shown) return <div hidden>{children}</div>;
  return (
    <>
      <Paper
        component="section"
        aria-label={`Actions on the selected ${noun[1]}`}
        shadow="md"
        withBorder
        p="xs"
        radius={0}
        // Under the shell's header and navigation drawer (z-index 100 and up) and any dialog.
        style={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 90 }}
      >
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm" fw={600} aria-live="polite">
            {count} {count === 1 ? noun[0] : noun[1]} selected
          </Text>
          <Group gap="xs">
            {children}
            <Button variant="subtle" size="sm" onClick={onClear}>
              Clear
            </Button>
          </Group>
        </Group>
      </Paper>
    </>
  );
}
