import { Alert, Anchor, Breadcrumbs, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { atTime } from '../../components/dates';
import { useCan, useStaffSession } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { actorName } from '../../../contract/admin/audit-words';
import type { WarehouseCode } from '../../../contract/admin/staff';
import { MOVEMENT_WORDS } from '../../../contract/admin/stock';
import { AdjustDialog } from './adjust-dialog';
import { BinDialog } from './bin-dialog';
import { useItemStock, useMovements } from './api';

function Warehouse({ name, available, onHand, bin, onBin }: { name: string; available: number; onHand: number; bin: string; onBin: (() => void) | null }) {
  return (
    <Card withBorder>
      <Text fw={700}>{name}</Text>
      <Text size="sm">
        Available: <strong>{available}</strong>
      </Text>
      <Text size="sm">
        On hand: <strong>{onHand}</strong>
      </Text>
      <Group gap="xs" justify="space-between">
        <Text size="sm">
          Bin: <strong>{bin || 'none'}</strong>
        </Text>
        {onBin && (
          <Button size="compact-sm" variant="light" onClick={onBin} aria-label={`${bin ? 'Change' : 'Set'} the bin at ${name}`}>
            {bin ? 'Change bin' : 'Set bin'}
          </Button>
        )}
      </Group>
    </Card>
  );
}

/** One item's stock card: West and East available, on hand and bin, Adjust, set a bin, and the movements history (newest first). */
export default function ItemStockPage() {
  const invNum = useParams().invNum ?? '';
  useAdminTitle(`Stock of ${invNum}`);
  const item = useItemStock(invNum);
  const movements = useMovements(invNum);
  const can = useCan();
  const fixed = useStaffSession().data?.staff.warehouse ?? null;
  const [adjusting, setAdjusting] = useState(false);
  const [binAt, setBinAt] = useState<WarehouseCode | null>(null);
  const mayBin = (w: WarehouseCode) => (can('stock:write') && (fixed === null || fixed === w) ? () => setBinAt(w) : null);
  const i = item.data;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/stock">
          Stock
        </Anchor>
        <Text size="sm">{invNum}</Text>
      </Breadcrumbs>
      {item.isPending ? (
        <Loader aria-label="Loading the item" />
      ) : !i ? (
        <Alert color="red">{item.error?.message}</Alert>
      ) : (
        <>
          <Group justify="space-between">
            <div>
              <Title order={1}>{i.invNum}</Title>
              <Text>{i.title}</Text>
            </div>
            {can('stock:write') && <Button onClick={() => setAdjusting(true)}>Adjust…</Button>}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Warehouse name="West" {...i.west} bin={i.bins.west} onBin={mayBin('west')} />
            <Warehouse name="East" {...i.east} bin={i.bins.east} onBin={mayBin('east')} />
          </SimpleGrid>
          {adjusting && <AdjustDialog item={i} warehouse={fixed} onClose={() => setAdjusting(false)} />}
          {binAt && <BinDialog item={i} warehouse={binAt} onClose={() => setBinAt(null)} />}
        </>
      )}
      <Title order={2} size="h3">
        History
      </Title>
      {movements.isPending ? (
        <Loader aria-label="Loading the history" />
      ) : movements.isError ? (
        <Alert color="red">{movements.error.message}</Alert>
      ) : movements.data.length === 0 ? (
        <Text size="sm">No stock movements yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Warehouse</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Reference</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {movements.data.map((m, n) => (
                <Table.Tr key={n}>
                  <Table.Td>{atTime(m.at)}</Table.Td>
                  <Table.Td>{m.warehouse === 'west' ? 'West' : 'East'}</Table.Td>
                  <Table.Td ta="right">{m.delta > 0 ? `+${m.delta}` : m.delta}</Table.Td>
                  <Table.Td>{MOVEMENT_WORDS[m.reason]}</Table.Td>
                  <Table.Td>{m.ref}</Table.Td>
                  <Table.Td>{actorName(m.actor, null)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
