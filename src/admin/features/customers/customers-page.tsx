import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { CUSTOMERS_ADMIN } from '../../../contract/admin/customers';
import { usePhone } from '../../components/use-phone';
import { useAdminTitle } from '../../lib/title';
import { exportUrl, useCustomers } from './api';
import { CustomersFilters } from './customers-filters';
import { CustomerCards, CustomersTable } from './customers-table';
import { useCustomersFilter } from './use-customers-filter';

/** GET /Customers with search, filters and page in the URL; the CSV export of the same filters. */
export default function CustomersPage() {
  useAdminTitle('Customers');
  const [filter, update] = useCustomersFilter();
  const customers = useCustomers(filter);
  const phone = usePhone();
  const page = customers.data;
  const List = phone ? CustomerCards : CustomersTable;
  // A search counts up to 1,000 matches (decision 0024): past that it says so rather than count them all.
  const totalText = page && (page.totalCapped ? `More than ${CUSTOMERS_ADMIN.countCap.toLocaleString('en-US')} customers: narrow the search to see them all` : `${page.total.toLocaleString('en-US')} customer${page.total === 1 ? '' : 's'}`);

  return (
    <Stack>
      <Title order={1}>Customers</Title>
      <CustomersFilters key={`${filter.q ?? ''}|${filter.state ?? ''}`} filter={filter} update={update} />
      <Group gap="sm">
        <Button component="a" variant="default" href={exportUrl(filter)} download>
          Export CSV
        </Button>
        {page && (
          <Text size="sm" aria-live="polite">
            {totalText}
          </Text>
        )}
      </Group>
      {customers.isError && <Alert color="red">{customers.error.message}</Alert>}
      <List page={page} fetching={customers.isFetching} filter={filter} update={update} />
    </Stack>
  );
}
