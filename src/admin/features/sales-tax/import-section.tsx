import { Alert, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TAX_MESSAGES, TAX_RATE_LIMITS, type TaxImportResult } from '../../../contract/admin/tax';
import { notify } from '../../../web/components/notify';
import { CallError, FormProblems } from '../../components/form-problems';
import { useImportTaxRates } from './api';

const summary = (r: TaxImportResult) => `${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged`;

/** The ZIP rate CSV: checked whole by the server, a refused file names its line and changes nothing. */
export function ImportSection() {
  const run = useImportTaxRates();
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<TaxImportResult | null>(null);

  const submit = () => {
    setDone(null);
    if (!file) return setProblems([TAX_MESSAGES.noFile]);
    if (file.size > TAX_RATE_LIMITS.maxBytes) return setProblems([TAX_MESSAGES.tooLarge]);
    setProblems([]);
    run.mutate(file, {
      onSuccess: (result) => {
        setDone(result);
        setFile(null);
        notify('green', `ZIP rates imported: ${summary(result)}`);
      },
    });
  };

  return (
    <Stack component="section" aria-labelledby="tax-import" gap="sm">
      <Title order={2} size="h3" id="tax-import">
        Import ZIP rates
      </Title>
      <Text size="sm">
        A CSV file with the header <code>zip,rate,shippingTaxable</code>: the rate as a percent such as 8.35 (0 to 20, up to four decimals), shippingTaxable true or false, ZIP codes in the
        states above only. ZIP codes in the file are added or replaced; the others keep their rates. If any line is wrong, nothing is imported.
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group align="flex-end" gap="sm">
          <FileInput
            label="Rate file (CSV)"
            accept=".csv,text/csv"
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the file' }}
            value={file}
            onChange={(f) => {
              setFile(f);
              setProblems([]);
              setDone(null);
              run.reset();
            }}
            w={280}
            maw="100%"
          />
          <Button type="submit" loading={run.isPending}>
            Import rates
          </Button>
        </Group>
      </form>
      <FormProblems problems={problems} />
      <CallError error={run.error} title="The file was refused" />
      {done && (
        <Alert color="green" role="status" title="Rates imported">
          <Text size="sm">
            {summary(done)}. New orders record version {done.version}.
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
