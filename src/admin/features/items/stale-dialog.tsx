import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { ItemEditor } from '../../../contract/admin/items';
import { differingFields, type ItemFormValues } from './item-form-values';

interface StaleDialogProps {
  theirs: ItemEditor;
  theirValues: ItemFormValues;
  mine: ItemFormValues;
  onLoadTheirs: () => void;
  onReapplyMine: () => void;
  onClose: () => void;
}

const shown = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 120 ? `${s.slice(0, 117)}…` : s || '—';
};

/**
 * Someone saved the item after this form loaded it (409): their version beside mine, field by
 * field, and the two ways on: take theirs (drop mine), or put my changes on top of theirs and save.
 */
export function StaleDialog({ theirs, theirValues, mine, onLoadTheirs, onReapplyMine, onClose }: StaleDialogProps) {
  const fields = differingFields(theirValues, mine);
  return (
    <Modal opened onClose={onClose} title="Someone else changed this item" size="xl">
      <Stack>
        <Text size="sm">
          Item {theirs.num} was saved by someone else (version {theirs.version}) after you opened it. These fields differ between their version and yours:
        </Text>
        <Table.ScrollContainer minWidth={480} mah={360}>
          <Table withTableBorder striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Their version</Table.Th>
                <Table.Th>Yours</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => (
                <Table.Tr key={f}>
                  <Table.Td>{f}</Table.Td>
                  <Table.Td>{shown(theirValues[f])}</Table.Td>
                  <Table.Td>{shown(mine[f])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={onLoadTheirs}>
            Load theirs (discard mine)
          </Button>
          <Button onClick={onReapplyMine}>Re-apply my changes on theirs and save</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
