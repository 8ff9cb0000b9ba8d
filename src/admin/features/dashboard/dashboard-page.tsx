import { Alert, Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { HeadedTable } from '../../../web/components/headed-table';
import { StockCardLink } from '../../components/stock-card-link';
import { useAdminTitle } from '../../lib/title';
import { useDashboard } from './api';

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

/** What needs doing: each count links to the orders list filtered to it. */
export default function DashboardPage() {
  useAdminTitle('Dashboard');
  const dashboard = useDashboard();
  const d = dashboard.data;
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      {dashboard.isPending ? (
        <Loader aria-label="Loading the dashboard" />
      ) : !d ? (
        <Alert color="red">{dashboard.error?.message}</Alert>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
            <Tile label="To accept" count={d.toAccept} to="/orders?status=received&sort=oldest" />
            <Tile label="To ship West" count={d.toShip.west} to="/orders?warehouse=west&sort=oldest" />
            <Tile label="To ship East" count={d.toShip.east} to="/orders?warehouse=east&sort=oldest" />
            <Tile label="On hold" count={d.onHold} to="/orders?status=on_hold" />
            <Tile label="Open backorders" count={d.backorderedOrders} to="/orders?backordered=1&sort=oldest" />
          </SimpleGrid>
          <Title order={2} size="h3">
            Low stock
          </Title>
          {d.lowStock.length === 0 ? (
            <Text>No item is low on stock.</Text>
          ) : (
            <HeadedTable minWidth={420} withTableBorder striped columns={['Item #', 'Description', { label: 'West', ta: 'right' }, { label: 'East', ta: 'right' }]}>
              {d.lowStock.map((i) => (
                <Table.Tr key={i.invNum}>
                  <Table.Td>
                    <StockCardLink invNum={i.invNum} />
                  </Table.Td>
                  <Table.Td>{i.title}</Table.Td>
                  <Table.Td ta="right">{i.west}</Table.Td>
                  <Table.Td ta="right">{i.east}</Table.Td>
                </Table.Tr>
              ))}
            </HeadedTable>
          )}
        </>
      )}
    </Stack>
  );
}
