import { Divider, Stack, Title } from '@mantine/core';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { ImportSection } from './import-section';
import { RatesSection } from './rates-section';
import { ReportSection } from './report-section';

/** Sales tax (decision 0042): the rates in use, the ZIP rate import (money:write) and the report for filing (reports:read). */
export default function SalesTaxPage() {
  useAdminTitle('Sales tax');
  const can = useCan();
  return (
    <Stack maw={1000}>
      <Title order={1}>Sales tax</Title>
      <RatesSection />
      {can('money:write') && (
        <>
          <Divider />
          <ImportSection />
        </>
      )}
      {can('reports:read') && (
        <>
          <Divider />
          <ReportSection />
        </>
      )}
    </Stack>
  );
}
