import { Card, Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { PickListLine } from '../../../../contract/admin/picking';

/** The scanned code is this line's item: its UPC (as UPC-A, or as EAN-13 with a leading 0) or its number. */
export function isLineOf(line: PickListLine, code: string): boolean {
  const c = code.trim();
  if (c === line.invNum) return true;
  if (!line.upc) return false;
  return c === line.upc || (c.length === 13 && c === `0${line.upc}`);
}

/**
 * The lines to pick in shelf order, each a card ticked (and unticked) on tap: bin first and large,
 * then item, units and, when several orders are picked at once, how many go to each.
 */
export function PickLines({ lines, picked, onToggle, manyOrders }: { lines: readonly PickListLine[]; picked: ReadonlySet<string>; onToggle: (invNum: string) => void; manyOrders: boolean }) {
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Lines to pick">
      {lines.map((l) => {
        const done = picked.has(l.invNum);
        return (
          <li key={l.invNum}>
            <Card withBorder padding="sm" bg={done ? 'teal.0' : undefined}>
              <UnstyledButton onClick={() => onToggle(l.invNum)} w="100%" aria-pressed={done} aria-label={`${done ? 'Picked' : 'Pick'} ${l.totalQty} of ${l.invNum} ${l.title}${l.bin ? ` from bin ${l.bin}` : ''}`}>
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  {/* A tick mark, not a checkbox: the whole card is the one control (its state is aria-pressed). */}
                  <ThemeIcon size="lg" mt={4} variant={done ? 'filled' : 'default'} color="teal.9" aria-hidden>
                    {done ? '✓' : ''}
                  </ThemeIcon>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      {l.bin ? (
                        <Text fw={800} size="xl" ff="monospace">
                          {l.bin}
                        </Text>
                      ) : (
                        <Text fw={700} c="dimmed">
                          No bin
                        </Text>
                      )}
                      <Text fw={800} size="lg" style={{ flexShrink: 0 }}>
                        {done ? `${l.totalQty} picked` : `${l.totalQty} to pick`}
                      </Text>
                    </Group>
                    <Text fw={600}>{l.invNum}</Text>
                    <Text size="sm" lineClamp={2}>
                      {l.title}
                    </Text>
                    {manyOrders && (
                      <Text size="sm" c="dimmed">
                        {l.orders.map((o) => `Order ${o.orderNum}: ${o.qty}`).join(' · ')}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </UnstyledButton>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}
