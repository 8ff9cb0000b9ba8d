import { Alert, Container, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { useContentPage } from './api';
import { ContentPage } from './content-page';

/** The text pages' paths and the page each shows (/aboutus is the old address of About). */
const SLUG_OF_PATH: Record<string, string> = { about: 'about', aboutus: 'about', terms: 'terms', privacy: 'privacy', degradability: 'degradability' };

/**
 * About, Terms, Privacy and Degradability: the HTML the server renders from the Markdown staff
 * edit in the back office, already sanitised there (content/markdown.ts).
 */
export default function TextPage() {
  const { pathname, hash } = useLocation();
  const slug = SLUG_OF_PATH[pathname.split('/')[1] ?? ''] ?? 'about';
  const page = useContentPage(slug);
  usePageMeta(page.data?.title ?? '', page.data?.description ?? '');

  // The text arrives after the page: scroll to its #anchor once it is there.
  const loaded = page.data !== undefined;
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);

  if (page.isPending) {
    return (
      <Container size="md" py={48}>
        <Loader aria-label="Loading the page" />
      </Container>
    );
  }
  if (page.isError) {
    return (
      <Container size="md" py={48}>
        <Alert color="red">{page.error.message}</Alert>
      </Container>
    );
  }
  return (
    <ContentPage title={page.data.title}>
      {/* Sanitised by the server (content/markdown.ts): no script, handler or foreign scheme survives. */}
      <div dangerouslySetInnerHTML={{ __html: page.data.html }} />
    </ContentPage>
  );
}
