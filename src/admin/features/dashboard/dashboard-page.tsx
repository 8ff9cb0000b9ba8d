import { Alert, Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Dashboard } from '../../../contract/admin/dashboard';
import { HeadedTable } from '../../../web/components/headed-table';
import { StockCardLink } from '../../components/stock-card-link';
import { useAdminTitle } from '../../lib/title';
import { useDashboard } from './api';
import { SalesSection } from './sales-section';

const WAREHOUSE_NAMES = { west: 'West', east: 'East' } as const;

function Tile({ label, count, to }: { label: string; count: number; to: string }) {
  return (
    <Card withBorder padding="md" component={Link} to={to} aria-label={`${label}: ${count}`}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={32} fw={700}>
        {count.toLocaleString('en-US')}
      </Text>
    </Card>
  );
}

/**
 * What needs doing, as the member may act on it (the server leaves out what they may not): each
 * count links to the orders list filtered to it; owners and managers also see the week's sales.
 */
export default function DashboardPage() {
  useAdminTitle('Dashboard');
  const dashboard = useDashboard();
  const d = dashboard.data;
  const one = d && d.warehouses.length === 1 ? WAREHOUSE_NAMES[d.warehouses[0]!] : null;
  return (
    <Stack>
      <Title order={1}>{one ? `Dashboard: ${one}` : 'Dashboard'}</Title>
      {dashboard.isPending ? (
        <Loader aria-label="Loading the dashboard" />
      ) : !d ? (
        <Alert color="red">{dashboard.error?.message}</Alert>
      ) : (
        <>
          {d.sales && <SalesSection sales={d.sales} />}
          <OrderTiles d={d} />
          {d.lowStock && <LowStock rows={d.lowStock} warehouses={d.warehouses} />}
        </>
      )}
    </Stack>
  );
}

function OrderTiles({ d }: { d: Dashboard }) {
  const tiles: { label: string; count: number; to: string }[] = [];
  if (d.toAccept !== undefined) tiles.push({ label: 'To accept', count: d.toAccept, to: '/orders?status=received&sort=oldest' });
  for (const w of d.warehouses) {
    const count = d.toShip?.[w];
    if (count !== undefined) tiles.push({ label: `To ship ${WAREHOUSE_NAMES[w]}`, count, to: `/orders?warehouse=${w}&sort=oldest` });
  }
  if (d.onHold !== undefined) tiles.push({ label: 'On hold', count: d.onHold, to: '/orders?status=on_hold' });
  if (d.backorderedOrders !== undefined) tiles.push({ label: 'Open backorders', count: d.backorderedOrders, to: '/orders?backordered=1&sort=oldest' });
  if (tiles.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
      {tiles.map((t) => (
        <Tile key={t.label} {...t} />
      ))}
    </SimpleGrid>
  );
}

function LowStock({ rows, warehouses }: { rows: NonNullable<Dashboard['lowStock']>; warehouses: Dashboard['warehouses'] }) {
  return (
    <>
      <Title order={2} size="h3">
        {warehouses.length === 1 ? `Low stock at ${WAREHOUSE_NAMES[warehouses[0]!]}` : 'Low stock'}
      </Title>
      {rows.length === 0 ? (
        <Text>No item is low on stock.</Text>
      ) : (
        <HeadedTable
          minWidth={warehouses.length === 1 ? 300 : 420}
          withTableBorder
          striped
          columns={['Item #', 'Description', ...warehouses.map((w) => ({ label: WAREHOUSE_NAMES[w], ta: 'right' as const }))]}
        >
          {rows.map((i) => (
            <Table.Tr key={i.invNum}>
              <Table.Td>
                <StockCardLink invNum={i.invNum} />
              </Table.Td>
              <Table.Td>{i.title}</Table.Td>
              {warehouses.map((w) => (
                <Table.Td key={w} ta="right">
                  {i[w]}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </HeadedTable>
      )}
    </>
  );
}
