import { Alert, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { HeadedTable } from '../../../web/components/headed-table';
import { useTaxRates } from './api';

/** ZIP rates shown at once; a filter finds the rest. */
const SHOWN = 100;

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** The table in use: its version, the nexus states at their base rates, and the imported ZIP rates. */
export function RatesSection() {
  const rates = useTaxRates();
  const [filter, setFilter] = useState('');
  const data = rates.data;
  const wanted = filter.trim().toUpperCase();
  const zips = (data?.zipRates ?? []).filter((z) => wanted === '' || z.zip.startsWith(wanted) || z.state === wanted);

  return (
    <Stack component="section" aria-labelledby="tax-rates" gap="sm">
      <Title order={2} size="h3" id="tax-rates">
        Rates
      </Title>
      {rates.isError && <Alert color="red">{rates.error.message}</Alert>}
      {rates.isPending && <Loader size="sm" aria-label="Loading the tax rates" />}
      {data && (
        <>
          <Text size="sm">
            Version <strong>{data.version}</strong>, recorded on each new order. Tax is collected only in the states below, at the ZIP code&apos;s imported rate where there is one, else at the
            state&apos;s base rate.
          </Text>
          <HeadedTable striped withTableBorder fz="sm" captionSide="top" caption="States where the shop collects tax" columns={['State', { label: 'Base rate', ta: 'right' }, 'Shipping taxed']}>
            {data.nexusStates.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>None: the shop collects no sales tax (TAX_NEXUS_STATES is none).</Table.Td>
              </Table.Tr>
            )}
            {data.nexusStates.map((s) => (
              <Table.Tr key={s.state}>
                <Table.Td>{s.state}</Table.Td>
                <Table.Td ta="right">{s.rate} %</Table.Td>
                <Table.Td>{yesNo(s.shippingTaxable)}</Table.Td>
              </Table.Tr>
            ))}
          </HeadedTable>
          <Title order={3} size="h4">
            Imported ZIP rates
          </Title>
          {data.zipRates.length > 0 && (
            <TextInput label="Find a ZIP code or state" placeholder="936 or CA" value={filter} onChange={(e) => setFilter(e.currentTarget.value)} maw={260} />
          )}
          {data.zipRates.length === 0 ? (
            <Text size="sm">No ZIP rates imported: every ZIP code is taxed at its state&apos;s base rate.</Text>
          ) : (
            <HeadedTable
              striped
              withTableBorder
              fz="sm"
              captionSide="top"
              caption={`${zips.length.toLocaleString('en-US')} of ${data.zipRates.length.toLocaleString('en-US')} ZIP codes${zips.length > SHOWN ? `, the first ${SHOWN} shown` : ''}`}
              columns={['ZIP code', 'State', { label: 'Rate', ta: 'right' }, 'Shipping taxed', 'Imported']}
            >
              {zips.slice(0, SHOWN).map((z) => (
                <Table.Tr key={z.zip}>
                  <Table.Td>{z.zip}</Table.Td>
                  <Table.Td>{z.state}</Table.Td>
                  <Table.Td ta="right">{z.rate} %</Table.Td>
                  <Table.Td>{yesNo(z.shippingTaxable)}</Table.Td>
                  <Table.Td>
                    {z.importedAt.slice(0, 10)} by {z.importedBy}
                  </Table.Td>
                </Table.Tr>
              ))}
            </HeadedTable>
          )}
        </>
      )}
    </Stack>
  );
}
