import { NumberInput, Table, Text } from '@mantine/core';
import type { AdminOrder } from '../../../../contract/admin/orders';

type Line = AdminOrder['lines'][number];

/**
 * The lines of a ship or cancel form: each line's item, how many units it has for the action, and
 * a quantity to enter (0 to that many).
 */
export function LineQuantitiesTable({
  lines,
  limit,
  limitLabel,
  verb,
  qty,
  onChange,
}: {
  lines: readonly Line[];
  /** Units of the line the action may take. */
  limit: (l: Line) => number;
  /** The column of that number: "Open", "Can cancel". */
  limitLabel: string;
  /** "ship", "cancel": the last column and each input's label. */
  verb: string;
  qty: Record<number, number>;
  onChange: (next: (q: Record<number, number>) => Record<number, number>) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">{limitLabel}</Table.Th>
            <Table.Th ta="right">{verb[0]!.toUpperCase() + verb.slice(1)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.lineNo}>
              <Table.Td>{l.lineNo}</Table.Td>
              <Table.Td>
                <Text size="sm">{l.invNum}</Text>
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {l.title}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{limit(l)}</Table.Td>
              <Table.Td ta="right" w={96}>
                <NumberInput
                  aria-label={`Units of line ${l.lineNo} (${l.invNum}) to ${verb}`}
                  min={0}
                  max={limit(l)}
                  allowDecimal={false}
                  allowNegative={false}
                  value={qty[l.lineNo] ?? 0}
                  onChange={(v) => onChange((q) => ({ ...q, [l.lineNo]: typeof v === 'number' ? v : Number(v) || 0 }))}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The entered quantities above 0, and a message for each line asked for more than it has (`tooMany` words it). */
export function chosenLines(lines: readonly Line[], qty: Record<number, number>, limit: (l: Line) => number, tooMany: (l: Line) => string) {
  const chosen = lines.map((l) => ({ lineNo: l.lineNo, qty: qty[l.lineNo] ?? 0 })).filter((l) => l.qty > 0);
  const over = lines.filter((l) => (qty[l.lineNo] ?? 0) > limit(l)).map(tooMany);
  return { chosen, over };
}
