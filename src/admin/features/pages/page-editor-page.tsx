import { Alert, Anchor, Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { type AdminPage, CONTENT_PAGES, pageUpdateBody, stalePageProblemSchema } from '../../../contract/admin/pages';
import { checkForm } from '../../../contract/plain-words';
import { notify } from '../../../web/components/notify';
import { FormProblems } from '../../components/form-problems';
import { SchemaForm } from '../../components/schema-form';
import { SaveRefusal } from '../../components/stale-alert';
import { AdminApiError } from '../../lib/admin-api';
import { useAdminTitle } from '../../lib/title';
import { usePage, usePreview, useSavePage } from './api';

/** One text page: title and Markdown beside a live preview rendered by the server's own sanitiser. */
export default function PageEditorPage() {
  const slug = useParams().slug ?? '';
  const page = usePage(slug);
  useAdminTitle(page.data ? `Page: ${page.data.title}` : 'Page');
  if (page.isPending) return <Loader aria-label="Loading the page" />;
  if (page.isError) return <Alert color="red">{page.error.message}</Alert>;
  return <PageEditor key={`${slug}:${page.data.version}`} page={page.data} />;
}

function PageEditor({ page }: { page: AdminPage }) {
  const save = useSavePage(page.slug);
  const [title, setTitle] = useState(page.title);
  const [markdown, setMarkdown] = useState(page.markdown);
  const [version, setVersion] = useState(page.version);
  const [problems, setProblems] = useState<string[]>([]);
  const [debounced] = useDebouncedValue(markdown, 300);
  const preview = usePreview(debounced);
  const stale = save.error instanceof AdminApiError && save.error.status === 409 ? stalePageProblemSchema.safeParse(save.error.body).data?.current : undefined;

  const submit = () => {
    const parsed = checkForm(pageUpdateBody, { title, markdown, version });
    setProblems(parsed.problems);
    if (parsed.success) save.mutate(parsed.data, { onSuccess: (saved) => notify('green', `Saved ${saved.title}`) });
  };
  const loadTheirs = (current: AdminPage) => {
    setTitle(current.title);
    setMarkdown(current.markdown);
    setVersion(current.version);
    save.reset();
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{page.title}</Title>
        <Anchor href={`/${page.slug}`} target="_blank" rel="noopener">
          View /{page.slug} on the storefront
        </Anchor>
      </Group>
      <Anchor component={Link} to="/pages" size="sm">
        All pages
      </Anchor>
      <SchemaForm onSubmit={submit}>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Stack>
            <TextInput label="Title" required maxLength={CONTENT_PAGES.titleMax} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
            <Textarea
              label="Text (Markdown)"
              description="## for a section heading, **bold**, *italic*, - for a list item, [words](https://…) for a link. The first paragraph is the page’s introduction."
              autosize
              minRows={16}
              maxRows={40}
              value={markdown}
              onChange={(e) => setMarkdown(e.currentTarget.value)}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <FormProblems problems={problems} />
            <SaveRefusal error={save.error} current={stale} what="page" onLoad={loadTheirs} />
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
          <Stack gap="xs">
            <Text fw={600} id="preview-heading">
              Preview: what buyers will see
            </Text>
            {preview.isError && <Alert color="red">{preview.error.message}</Alert>}
            <Paper withBorder p="md" component="section" aria-labelledby="preview-heading" data-testid="page-preview">
              <Title order={2} mb="sm">
                {title}
              </Title>
              <div dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }} />
            </Paper>
          </Stack>
        </SimpleGrid>
      </SchemaForm>
    </Stack>
  );
}
