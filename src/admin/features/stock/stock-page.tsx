import { Alert, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { HeadedTable } from '../../../web/components/headed-table';
import { StockCardLink } from '../../components/stock-card-link';
import { useAdminTitle } from '../../lib/title';
import { useStockSearch } from './api';

/** Find an item by number or title (the search text in the URL); each result opens its stock card. */
export default function StockPage() {
  useAdminTitle('Stock');
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const search = useStockSearch(q);
  return (
    <Stack>
      <Title order={1}>Stock</Title>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {});
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput label="Item number or title" value={text} onChange={(e) => setText(e.currentTarget.value)} w={280} maxLength={100} />
          <Button type="submit">Find</Button>
        </Group>
      </form>
      {!q ? (
        <Text size="sm">Enter an item number or part of a title.</Text>
      ) : search.isPending ? (
        <Loader aria-label="Searching" />
      ) : search.isError ? (
        <Alert color="red">{search.error.message}</Alert>
      ) : search.data.length === 0 ? (
        <Text>No item matches “{q}”.</Text>
      ) : (
        <HeadedTable minWidth={480} striped withTableBorder columns={['Item #', 'Description', { label: 'West available / on hand', ta: 'right' }, { label: 'East available / on hand', ta: 'right' }]}>
          {search.data.map((i) => (
            <Table.Tr key={i.invNum}>
              <Table.Td>
                <StockCardLink invNum={i.invNum} />
              </Table.Td>
              <Table.Td>{i.title}</Table.Td>
              <Table.Td ta="right">
                {i.west.available} / {i.west.onHand}
              </Table.Td>
              <Table.Td ta="right">
                {i.east.available} / {i.east.onHand}
              </Table.Td>
            </Table.Tr>
          ))}
        </HeadedTable>
      )}
    </Stack>
  );
}
