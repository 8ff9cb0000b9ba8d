import { Box, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list as a table on wider screens and as stacked cards on a phone. */
export function TableOrCards({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return (
    <>
      <Box visibleFrom="sm">{table}</Box>
      <Stack hiddenFrom="sm" gap="sm">
        {cards}
      </Stack>
    </>
  );
}

/** One entry of such a list on a phone, named for screen readers by `label`. */
export function ListCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={label}>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}
