import { Alert, Button, Group, Modal, Table, Text } from '@mantine/core';
import type { SurveyDetail } from '../../../contract/survey';
import { HeadedTable } from '../../components/headed-table';
import { money } from '../../components/money';

export interface ReviewLine {
  detail: SurveyDetail;
  qty: number;
}

/** Review Order: the chosen lines with totals, and one button that adds them all to the cart. */
export function ReviewOrder({
  opened,
  onClose,
  lines,
  adding,
  error,
  onAdd,
}: {
  opened: boolean;
  onClose(): void;
  lines: ReviewLine[];
  adding: boolean;
  error: string | null;
  onAdd(): void;
}) {
  const units = lines.reduce((s, l) => s + l.qty, 0);
  const total = lines.reduce((s, l) => s + l.qty * l.detail.price, 0);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={700}>Review Order</Text>} size="lg">
      {lines.length === 0 ? (
        <Text>Enter a quantity for the items you want, then review your order.</Text>
      ) : (
        <>
          <HeadedTable
            minWidth={480}
            verticalSpacing={6}
            striped
            columns={['Order #', 'Item', { label: 'Qty', ta: 'right' }, { label: 'Price', ta: 'right' }, { label: 'Extended', ta: 'right' }]}
            foot={
              <Table.Tr>
                <Table.Th colSpan={2}>
                  {lines.length} {lines.length === 1 ? 'line' : 'lines'}
                </Table.Th>
                <Table.Th ta="right">{units}</Table.Th>
                <Table.Th />
                <Table.Th ta="right" data-testid="review-total">
                  {money(total)}
                </Table.Th>
              </Table.Tr>
            }
          >
            {lines.map((l) => (
              <Table.Tr key={l.detail.itemnum} data-testid={`review-line-${l.detail.itemnum}`}>
                <Table.Td>{l.detail.itemnum}</Table.Td>
                <Table.Td>
                  <Text size="sm">{l.detail.title}</Text>
                </Table.Td>
                <Table.Td ta="right">{l.qty}</Table.Td>
                <Table.Td ta="right">{money(l.detail.price)}</Table.Td>
                <Table.Td ta="right">{money(l.qty * l.detail.price)}</Table.Td>
              </Table.Tr>
            ))}
          </HeadedTable>
          {error && (
            <Alert color="red" mt="sm" title="Failed to add item to cart">
              {error}
            </Alert>
          )}
        </>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Keep editing
        </Button>
        <Button onClick={onAdd} loading={adding} disabled={lines.length === 0}>
          Add all to cart
        </Button>
      </Group>
    </Modal>
  );
}
