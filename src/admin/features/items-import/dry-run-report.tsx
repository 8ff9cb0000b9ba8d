import { Badge, Table, Tabs, Text } from '@mantine/core';
import type { ImportReport } from '../../../contract/admin/item-import';

/** Rows a tab shows; the counts cover the whole file. */
const SHOWN = 500;

function More({ total }: { total: number }) {
  return total > SHOWN ? <Text size="sm" c="dimmed">and {total - SHOWN} more</Text> : null;
}

/** The dry run: new items, changed ones with old → new per column, the unchanged count and the rows in error. */
export function DryRunReport({ report }: { report: ImportReport }) {
  const first = report.errors.length > 0 ? 'errors' : report.changed.length > 0 ? 'changed' : 'new';
  return (
    <Tabs defaultValue={first} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="new" rightSection={<Badge variant="light">{report.new.length}</Badge>}>New</Tabs.Tab>
        <Tabs.Tab value="changed" rightSection={<Badge variant="light">{report.changed.length}</Badge>}>Changed</Tabs.Tab>
        <Tabs.Tab value="unchanged" rightSection={<Badge variant="light" color="gray">{report.unchanged}</Badge>}>Unchanged</Tabs.Tab>
        <Tabs.Tab value="errors" rightSection={<Badge variant="filled" color={report.errors.length ? 'red.9' : 'gray'}>{report.errors.length}</Badge>}>Errors</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="new" pt="sm">
        {report.new.length === 0 ? <Text>No new items.</Text> : <NewTable rows={report.new} />}
      </Tabs.Panel>
      <Tabs.Panel value="changed" pt="sm">
        {report.changed.length === 0 ? <Text>No item changes.</Text> : <ChangedTable rows={report.changed} />}
      </Tabs.Panel>
      <Tabs.Panel value="unchanged" pt="sm">
        <Text>{report.unchanged} item{report.unchanged === 1 ? ' is' : 's are'} the same in the file as in the shop and will not be touched.</Text>
      </Tabs.Panel>
      <Tabs.Panel value="errors" pt="sm">
        {report.errors.length === 0 ? <Text>No problems found.</Text> : <ErrorTable rows={report.errors} />}
      </Tabs.Panel>
    </Tabs>
  );
}

function NewTable({ rows }: { rows: ImportReport['new'] }) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Title</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, SHOWN).map((r) => (
            <Table.Tr key={r.num}>
              <Table.Td>{r.num}</Table.Td>
              <Table.Td>{r.title}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <More total={rows.length} />
    </Table.ScrollContainer>
  );
}

/** Long cells (product info) shortened: the whole text is in the file. */
const short = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s || '(empty)');

function ChangedTable({ rows }: { rows: ImportReport['changed'] }) {
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Now</Table.Th>
            <Table.Th>From the file</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, SHOWN).flatMap((r) =>
            r.fields.map((f, i) => (
              <Table.Tr key={`${r.num}-${f.name}`}>
                <Table.Td>{i === 0 ? r.num : ''}</Table.Td>
                <Table.Td>{f.name}</Table.Td>
                <Table.Td>{short(f.old)}</Table.Td>
                <Table.Td>
                  <Text span fw={600} size="sm">
                    → {short(f.new)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )),
          )}
        </Table.Tbody>
      </Table>
      <More total={rows.length} />
    </Table.ScrollContainer>
  );
}

function ErrorTable({ rows }: { rows: ImportReport['errors'] }) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, SHOWN).map((r) => (
            <Table.Tr key={`${r.row}-${r.message}`}>
              <Table.Td>{r.row}</Table.Td>
              <Table.Td>{r.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <More total={rows.length} />
    </Table.ScrollContainer>
  );
}
