import { Affix, Alert, Badge, Button, Container, Group, Loader, SimpleGrid, Stack, Text, Title, Transition } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { SurveyDetail as Detail } from '../../../contract/survey';
import { openCartDrawer } from '../../components/cart-drawer-state';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import { usePageMeta } from '../../lib/page-meta';
import { useAddSurveyLines, useSurvey } from './api';
import { type ReviewLine, ReviewOrder } from './review-order';
import { SurveyDetail } from './survey-detail';
import { useSurveyQuantities } from './survey-quantities';
import { notify } from '../../components/notify';

function Pager({ page, pages, onPage, onReview, chosen }: { page: number; pages: number; onPage(p: number): void; onReview(): void; chosen: number }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Group gap="xs">
        <Button variant="default" onClick={() => onPage(page - 1)} disabled={page <= 0}>
          Back
        </Button>
        <Button variant="default" onClick={() => onPage(page + 1)} disabled={page >= pages - 1}>
          Next
        </Button>
      </Group>
      <Button onClick={onReview} rightSection={chosen > 0 ? <Badge color="white" c="shop.9" size="sm">{chosen}</Badge> : null}>
        Review Order
      </Button>
    </Group>
  );
}

/** The survey (spec §2): a paged seasonal order form whose quantities survive a reload and go to the cart in one call. */
export default function SurveyPage() {
  const masterId = (useParams().id ?? '').toUpperCase();
  const survey = useSurvey(masterId);
  const { quantities, setQty, clear } = useSurveyQuantities(masterId);
  const [params, setParams] = useSearchParams();
  const [reviewing, setReviewing] = useState(false);
  const add = useAddSurveyLines();
  const [scroll, scrollTo] = useWindowScroll();
  const data = survey.data;
  usePageMeta(data?.title ?? 'Order form', data?.subtitle ?? 'Seasonal order form.');

  const pages = useMemo(() => data?.pages ?? [], [data]);
  const page = Math.min(Math.max(0, (Number(params.get('page')) || 1) - 1), Math.max(0, pages.length - 1));
  // The view starts at the top of each page (spec §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [page]);

  const details = useMemo(() => {
    const map = new Map<string, Detail>();
    for (const p of pages) for (const q of p.questions) for (const d of q.detail) if (d.type === 'ITEM') map.set(d.itemnum, d);
    return map;
  }, [pages]);
  const lines: ReviewLine[] = Object.entries(quantities).flatMap(([num, qty]) => {
    const detail = details.get(num);
    return detail && qty > 0 ? [{ detail, qty }] : [];
  });

  if (survey.isPending) {
    return (
      <Container size="xl" py="lg">
        <Loader size="sm" aria-label="Loading the order form" />
      </Container>
    );
  }
  if (!data) {
    return (
      <Container size="xl" py="lg">
        <Alert color="red" title="Order form not available">
          {survey.error?.message}
        </Alert>
      </Container>
    );
  }
  const current = pages[page];
  const goTo = (p: number) => setParams(p === 0 ? {} : { page: String(p + 1) });
  const addAll = () =>
    add.mutate(
      lines.map((l) => ({ invNum: l.detail.itemnum, qty: l.qty })),
      {
        onSuccess: () => {
          clear();
          setReviewing(false);
          notify('green', CART_TEXTS.success.itemAdded);
          openCartDrawer();
        },
      },
    );

  return (
    <Container size="xl" py="lg">
      <Title order={1} size="h2">
        {data.title}
      </Title>
      <Text c="dimmed" mt={4} mb="md">
        {data.subtitle}
      </Text>
      <Pager page={page} pages={pages.length} onPage={goTo} onReview={() => setReviewing(true)} chosen={lines.length} />
      {current && (
        <Stack mt="lg" gap="lg">
          <Title order={2} size="h3">
            {current.title}{' '}
            <Text span c="dimmed" size="sm" fw={400}>
              Page {page + 1} of {pages.length}
            </Text>
          </Title>
          {current.questions.map((q) => (
            <section key={q.title} aria-label={q.title}>
              <Title order={3} size="h4" mb="sm">
                {q.title}
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
                {q.detail.map((d, i) => (
                  <SurveyDetail key={d.itemnum || `text-${i}`} detail={d} qty={quantities[d.itemnum] ?? 0} onQty={(v) => setQty(d.itemnum, v)} />
                ))}
              </SimpleGrid>
            </section>
          ))}
        </Stack>
      )}
      <Stack mt="xl">
        <Pager page={page} pages={pages.length} onPage={goTo} onReview={() => setReviewing(true)} chosen={lines.length} />
      </Stack>
      <ReviewOrder
        opened={reviewing}
        onClose={() => setReviewing(false)}
        lines={lines}
        adding={add.isPending}
        error={add.isError ? reasonOr(add.error, CART_TEXTS.addFailed, CART_TEXTS.screen.addToCart) : null}
        onAdd={addAll}
      />
      <Affix position={{ bottom: 20, right: 20 }}>
        <Transition transition="slide-up" mounted={scroll.y > 400}>
          {(style) => (
            <Button style={style} onClick={() => scrollTo({ y: 0 })} aria-label="Back to top" radius="xl">
              ↑ Top
            </Button>
          )}
        </Transition>
      </Affix>
    </Container>
  );
}
