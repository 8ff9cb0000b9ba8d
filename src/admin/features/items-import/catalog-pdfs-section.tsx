import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { CallError } from '../../components/form-problems';
import { useRegenerateCatalogs } from './api';

/** The landing page's catalogue PDFs: redrawn by themselves after changes, or now. */
export function CatalogPdfsSection() {
  const regenerate = useRegenerateCatalogs();
  return (
    <Stack gap="sm">
      <Title order={2}>Catalogue PDFs</Title>
      <Text size="sm" c="dimmed">
        The PDFs on the landing page are drawn again by themselves 30 seconds after the catalogue last changed. Regenerate draws them now.
      </Text>
      <Group>
        <Button variant="default" loading={regenerate.isPending} onClick={() => regenerate.mutate()}>
          Regenerate the catalogue PDFs
        </Button>
      </Group>
      <CallError error={regenerate.error} />
      {regenerate.isSuccess && (
        <Alert color="green.9" title="Catalogue PDFs drawn" role="status">
          {regenerate.data.catalogs.map((c) => (
            <div key={c.file}>
              <a href={c.url} target="_blank" rel="noreferrer">
                {c.name}
              </a>
            </div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}
