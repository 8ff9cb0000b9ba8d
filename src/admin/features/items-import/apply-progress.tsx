import { Alert, Progress, Stack, Text } from '@mantine/core';
import { useImportJob } from './api';

/** The apply under way (a bar over the rows written), then its summary. */
export function ApplyProgress({ jobId }: { jobId: string }) {
  const job = useImportJob(jobId);
  if (job.isError) return <Alert color="red">{job.error.message}</Alert>;
  const data = job.data;
  const total = data?.total ?? 0;
  const done = data?.done ?? 0;
  const percent = total === 0 ? (data?.status === 'running' ? 0 : 100) : Math.round((done / total) * 100);
  return (
    <Stack gap="xs">
      <Progress value={percent} size="lg" aria-label="Import progress" animated={data?.status !== 'done'} />
      <Text size="sm" aria-live="polite">
        {!data || data.status === 'running' ? `Applying: ${done} of ${total} items written` : `${done} of ${total} items written`}
      </Text>
      {data?.status === 'done' && (
        <Alert color="green.9" title="Import applied" role="status">
          {data.new} new, {data.changed} changed, {data.unchanged} unchanged. Buyers see the changes now; the catalogue PDFs follow within a minute.
        </Alert>
      )}
      {data?.status === 'failed' && (
        <Alert color="red" title="The import stopped">
          {data.error}
        </Alert>
      )}
    </Stack>
  );
}
