import { Grid, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { RecordHeader, RecordPage } from '../../components/record-page';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useCustomer } from './api';
import { CustomerActions } from './customer-actions';
import { NotesSection, OrdersSection, ProfileSection, SessionsSection } from './customer-sections';
import { CreditSection, InvoicesSection, PaymentsSection } from './customer-money-sections';
import { PriceLevelSection } from './customer-price-level';
import { CustomerStatusBadge } from './customer-texts';
import { TaxCertificatesSection } from './tax-certificates/customer-certificates-section';
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
    <RecordPage list={{ to: '/customers', label: 'Customers' }} crumb={name || 'Customer'} loading="Loading the customer" query={query}>
      {(customer) => (
        <>
          <RecordHeader
            title={name}
            badge={<CustomerStatusBadge status={customer.status} />}
            actionsLabel="Customer actions"
            actions={
              <>
                {can('customers:impersonate') && <ViewAsCustomer customerId={customer.id} />}
                {canWrite && <CustomerActions customer={customer} />}
              </>
            }
          />
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
                <TaxCertificatesSection customerId={customer.id} canWrite={canWrite} />
                <NotesSection customer={customer} canWrite={canWrite} />
                <SessionsSection customer={customer} canWrite={canWrite} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </RecordPage>
  );
}
