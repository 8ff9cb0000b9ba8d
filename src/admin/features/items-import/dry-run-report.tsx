import { Alert, Badge, Stack, Table, Tabs, Text } from '@mantine/core';
import type { ImportReport } from '../../../contract/admin/item-import';
import { HeadedTable } from '../../../web/components/headed-table';

/** Rows a tab shows; the counts cover the whole file. */
const SHOWN = 500;

function More({ total }: { total: number }) {
  return total > SHOWN ? <Text size="sm" c="dimmed">and {total - SHOWN} more</Text> : null;
}

/**
 * The dry run: what the import leaves out on purpose (the file's read-only stock columns), new
 * items, changed ones with old → new per column, the unchanged count and the rows in error.
 */
export function DryRunReport({ report }: { report: ImportReport }) {
  const first = report.errors.length > 0 ? 'errors' : report.changed.length > 0 ? 'changed' : 'new';
  return (
    <Stack gap="sm">
      {report.notices.map((notice) => (
        <Alert key={notice} color="blue" title="Not imported">
          {notice}
        </Alert>
      ))}
      <DryRunTabs report={report} first={first} />
    </Stack>
  );
}

function DryRunTabs({ report, first }: { report: ImportReport; first: string }) {
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

/** A plain table of the first SHOWN rows, each row its cells. */
function ReportTable({ head, rows, minWidth, total }: { head: string[]; rows: { key: string; cells: React.ReactNode[] }[]; minWidth: number; total: number }) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <HeadedTable striped withTableBorder columns={head}>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            {r.cells.map((c, i) => (
              <Table.Td key={head[i]}>{c}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </HeadedTable>
      <More total={total} />
    </Table.ScrollContainer>
  );
}

function NewTable({ rows }: { rows: ImportReport['new'] }) {
  return <ReportTable head={['Item', 'Title']} minWidth={360} total={rows.length} rows={rows.slice(0, SHOWN).map((r) => ({ key: r.num, cells: [r.num, r.title] }))} />;
}

/** Long cells (product info) shortened: the whole text is in the file. */
const short = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s || '(empty)');

function ChangedTable({ rows }: { rows: ImportReport['changed'] }) {
  const lines = rows.slice(0, SHOWN).flatMap((r) =>
    r.fields.map((f, i) => ({
      key: `${r.num}-${f.name}`,
      cells: [
        i === 0 ? r.num : '',
        f.name,
        short(f.old),
        <Text key="new" span fw={600} size="sm">
          → {short(f.new)}
        </Text>,
      ],
    })),
  );
  return <ReportTable head={['Item', 'Column', 'Now', 'From the file']} minWidth={520} total={rows.length} rows={lines} />;
}

function ErrorTable({ rows }: { rows: ImportReport['errors'] }) {
  return <ReportTable head={['Row', 'Problem']} minWidth={360} total={rows.length} rows={rows.slice(0, SHOWN).map((r) => ({ key: `${r.row}-${r.message}`, cells: [r.row, r.message] }))} />;
}
