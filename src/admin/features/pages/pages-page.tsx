import { Alert, Anchor, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { atTime } from '../../components/dates';
import { useAdminTitle } from '../../lib/title';
import { usePages } from './api';

/** The storefront's text pages, each a link to its editor. */
export default function PagesPage() {
  useAdminTitle('Pages');
  const pages = usePages();
  return (
    <Stack>
      <Title order={1}>Pages</Title>
      <Text c="dimmed">The storefront’s text pages, written in Markdown. Buyers see a saved change at once.</Text>
      {pages.isPending ? (
        <Loader aria-label="Loading the pages" />
      ) : pages.isError ? (
        <Alert color="red">{pages.error.message}</Alert>
      ) : (
        <Table striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Page</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Last saved</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pages.data.map((p) => (
              <Table.Tr key={p.slug}>
                <Table.Td>
                  <Anchor component={Link} to={`/pages/${p.slug}`}>
                    {p.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>/{p.slug}</Table.Td>
                <Table.Td>{atTime(p.updatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
