import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CallError } from '../../components/form-problems';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useAdminTitle } from '../../lib/title';
import { useApplyImport, useDryRun } from './api';
import { ApplyProgress } from './apply-progress';
import { CatalogPdfsSection } from './catalog-pdfs-section';
import { CsvFilePicker } from './csv-file-picker';
import { DryRunReport } from './dry-run-report';
import { ExportSection } from './export-section';

/** Items → Import / export: export a filtered list; import a CSV: choose, dry run, apply with progress, summary. */
export default function ImportPage() {
  useAdminTitle('Import / export');
  const [file, setFile] = useState<File | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dryRun = useDryRun();
  const apply = useApplyImport();
  const report = dryRun.data;
  const toApply = report ? report.new.length + report.changed.length : 0;
  const choose = (next: File | null) => {
    setFile(next);
    dryRun.reset();
    apply.reset();
  };
  return (
    <Stack gap="lg">
      <Title order={1}>Import / export</Title>
      <ExportSection />
      <Divider />
      <Stack gap="sm">
        <Title order={2}>Import</Title>
        <CsvFilePicker file={file} onChange={choose} disabled={apply.isPending || apply.isSuccess} />
        <Group>
          <Button disabled={!file || apply.isSuccess} loading={dryRun.isPending} onClick={() => file && dryRun.mutate(file)}>
            Check the file
          </Button>
        </Group>
        <CallError error={dryRun.error} title="The file was not read" />
        {report && (
          <>
            <Text size="sm">Dry run: nothing has been changed yet.</Text>
            <DryRunReport report={report} />
            {!apply.isSuccess && (
              <Group>
                <Button disabled={report.errors.length > 0 || toApply === 0} onClick={() => setConfirming(true)}>
                  Apply {toApply} change{toApply === 1 ? '' : 's'}
                </Button>
                {report.errors.length > 0 && <Text size="sm">Fix the rows in error and check the file again: a file with errors is not applied.</Text>}
              </Group>
            )}
          </>
        )}
        {apply.data && (
          <>
            <ApplyProgress jobId={apply.data.jobId} />
            <Group>
              <Button variant="default" onClick={() => choose(null)}>
                Import another file
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <Divider />
      <CatalogPdfsSection />
      {confirming && file && report && (
        <ConfirmDialog
          title="Apply the import?"
          message={`${report.new.length} new and ${report.changed.length} changed items go to the shop; buyers see them at once. The ${report.unchanged} unchanged ones are not touched.`}
          confirmLabel="Apply"
          pending={apply.isPending}
          error={apply.error}
          onClose={() => setConfirming(false)}
          onConfirm={() => apply.mutate(file, { onSuccess: () => setConfirming(false) })}
        />
      )}
    </Stack>
  );
}
