import { Alert, Card, Group, Image, Loader, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { apiGet } from '../../lib/api-client';
import classes from './content.module.css';

interface ProductLine {
  num: number;
  description: string;
  logo: string;
  beCat: string;
}

/** The home page reads only what it shows, checked by hand: zod (even zod/mini, 15 KB gzip) stays out of its bundle. */
const mainCategories = {
  parse(v: unknown): ProductLine[] {
    const ok = (c: unknown) => {
      const r = c as Record<string, unknown> | null;
      return typeof r === 'object' && r !== null && typeof r.num === 'number' && ['description', 'logo', 'beCat'].every((f) => typeof r[f] === 'string');
    };
    if (!Array.isArray(v) || !v.every(ok)) throw new Error('Unexpected main categories');
    return v as ProductLine[];
  },
};

const BLURB: Record<number, string> = {
  1: 'Solid and printed latex from 5" to 24", plus 260 twistees. Diamond Sizing on every size.',
  3: 'Everyday messages, themes, holidays and number shapes, each with the built-in TopTab.',
  4: 'Crystal-clear bubble balloons that stay round and bright for weeks.',
};

export function ProductLines() {
  const lines = useQuery({
    queryKey: ['categories', 'main', 'home'],
    queryFn: () => apiGet('/Categories/GetMainCategories', mainCategories, 'Failed to fetch main categories'),
  });
  // The loader holds the cards' place, so the sections below do not move when they arrive.
  if (lines.isPending)
    return (
      <div className={classes.linesPlaceholder}>
        <Loader aria-label="Loading product lines" />
      </div>
    );
  if (lines.error) return <Alert color="red">{`Error: ${lines.error.message}`}</Alert>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {lines.data.map((c) => (
        <Card key={c.num} component={Link} to={`/products?categoryNum=${c.num}`} withBorder radius="lg" padding="lg" shadow="xs">
          <Card.Section bg="shop.0" py="lg">
            <Group justify="center">{c.logo && <Image src={c.logo} alt="" h={110} w="auto" fit="contain" />}</Group>
          </Card.Section>
          <Text fw={700} size="lg" mt="md">
            {c.description}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {BLURB[c.num] ?? c.beCat}
          </Text>
          <Text size="sm" c="shop.7" fw={600} mt="md">
            Shop {c.description} →
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
