import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DISTRIBUTORS, type DistributorImportResult } from '../../../contract/admin/distributors';
import { HeadedTable } from '../../../web/components/headed-table';
import { notify } from '../../../web/components/notify';
import { CallError } from '../../components/form-problems';
import { useImportDistributors } from './api';

/** Upload → what would be added, changed and refused (with row numbers) → apply. */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const run = useImportDistributors();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [plan, setPlan] = useState<DistributorImportResult | null>(null);

  const check = async (chosen: File | null) => {
    setFile(chosen);
    setPlan(null);
    run.reset();
    if (!chosen) return setCsv(null);
    const text = await chosen.text();
    setCsv(text);
    run.mutate({ csv: text, dryRun: true }, { onSuccess: setPlan });
  };
  const apply = () =>
    run.mutate(
      { csv: csv!, dryRun: false },
      {
        onSuccess: (result) => {
          if (!result.applied) return setPlan(result);
          notify('green', `Imported: ${result.added.length} added, ${result.changed.length} changed`);
          onClose();
        },
      },
    );
  const work = plan ? plan.added.length + plan.changed.length : 0;

  return (
    <Modal opened onClose={onClose} title="Import distributors from CSV" size="xl">
      <Stack>
        <Text size="sm">
          The first line names the columns: {DISTRIBUTORS.columns.join(', ')}. A row with an id changes that distributor; without one, the distributor with the same name and ZIP code changes, or a
          new one is added. Nothing is written until you apply.
        </Text>
        <FileInput label="CSV file" accept=".csv,text/csv" clearable clearButtonProps={{ 'aria-label': 'Remove the file' }} value={file} onChange={(f) => void check(f)} />
        <CallError error={run.error} />
        {plan && <ImportPlan plan={plan} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={apply} disabled={!plan || plan.errors.length > 0 || work === 0} loading={run.isPending}>
            Apply {work > 0 ? `${work} change${work === 1 ? '' : 's'}` : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ImportPlan({ plan }: { plan: DistributorImportResult }) {
  return (
    <Stack gap="sm" aria-live="polite">
      <Text size="sm" fw={600}>
        {plan.added.length} to add, {plan.changed.length} to change, {plan.unchanged} unchanged, {plan.errors.length} row{plan.errors.length === 1 ? '' : 's'} in error
      </Text>
      {plan.errors.length > 0 && (
        <Alert color="red" role="alert" title="Fix these rows, then choose the file again: nothing is imported while a row is in error">
          <Rows head={['Row', 'Problem']} rows={plan.errors.map((e) => [String(e.row), e.message])} />
        </Alert>
      )}
      {plan.added.length > 0 && <Section title="To add" head={['Row', 'Name', 'City']} rows={plan.added.map((a) => [String(a.row), a.name, `${a.city}, ${a.state}`])} />}
      {plan.changed.length > 0 && (
        <Section title="To change" head={['Row', 'Name', 'Changes']} rows={plan.changed.map((c) => [String(c.row), c.name, c.fields.map((f) => `${f.name}: ${f.old || '—'} → ${f.new || '—'}`).join('; ')])} />
      )}
    </Stack>
  );
}

function Section({ title, head, rows }: { title: string; head: string[]; rows: string[][] }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <Rows head={head} rows={rows} />
    </Stack>
  );
}

function Rows({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <Table.ScrollContainer minWidth={400} mah={260}>
      <HeadedTable striped withTableBorder fz="sm" columns={head}>
        {rows.map((r, i) => (
          <Table.Tr key={i}>
            {r.map((cell, j) => (
              <Table.Td key={j}>{cell}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </HeadedTable>
    </Table.ScrollContainer>
  );
}
