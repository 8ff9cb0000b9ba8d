import { Alert, Anchor, Breadcrumbs, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useCustomer } from './api';
import { CustomerActions } from './customer-actions';
import { NotesSection, OrdersSection, ProfileSection, SessionsSection } from './customer-sections';
import { CreditSection, InvoicesSection, PaymentsSection } from './customer-money-sections';
import { PriceLevelSection } from './customer-price-level';
import { CustomerStatusBadge } from './customer-texts';
import { ViewAsCustomer } from './view-as-customer';

/** One customer: status and actions, profile and addresses, terms and credit, invoices, orders, payments, notes, signed-in sessions. */
export default function CustomerDetailPage() {
  const id = Number(useParams().id);
  const query = useCustomer(id);
  const customer = query.data;
  const name = customer ? customer.orgName || `${customer.firstName} ${customer.lastName}`.trim() || customer.email : '';
  useAdminTitle(customer ? name : 'Customer');
  const can = useCan();
  const canWrite = can('customers:write');
  const canEditMoney = can('money:write');

  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/customers">
          Customers
        </Anchor>
        <Text size="sm">{name || 'Customer'}</Text>
      </Breadcrumbs>
      {query.isPending ? (
        <Loader aria-label="Loading the customer" />
      ) : !customer ? (
        <Alert color="red">{query.error?.message}</Alert>
      ) : (
        <>
          <Group justify="space-between" align="flex-start">
            <Group gap="sm">
              <Title order={1}>{name}</Title>
              <CustomerStatusBadge status={customer.status} />
            </Group>
            <Group gap="sm">
              {can('customers:impersonate') && <ViewAsCustomer customerId={customer.id} />}
              {canWrite && <CustomerActions customer={customer} />}
            </Group>
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack>
                <ProfileSection customer={customer} canWrite={canWrite} />
                <CreditSection customer={customer} canEditMoney={canEditMoney} />
                <InvoicesSection customer={customer} />
                <PaymentsSection customer={customer} canEditMoney={canEditMoney} />
                <OrdersSection customer={customer} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack>
                <PriceLevelSection customer={customer} canWrite={can('pricing:write')} />
                <NotesSection customer={customer} canWrite={canWrite} />
                <SessionsSection customer={customer} canWrite={canWrite} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
