import { Card, Group, Image, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Category } from '../../../contract/catalogue';

/** Category cards: logo, description, beCat and, for a parent-only category, the subcategories hint (spec §2). */
export function CategoryCards({ categories }: { categories: Category[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
      {categories.map((c) => (
        <Card key={c.num} component={Link} to={c.parentOnly ? `/categories/${c.num}` : `/products?categoryNum=${c.num}`} withBorder radius="lg" padding="lg">
          <Card.Section bg="shop.0" py="md">
            <Group justify="center" h={90}>
              {c.logo && <Image src={c.logo} alt="" h={80} w="auto" fit="contain" />}
            </Group>
          </Card.Section>
          <Text fw={700} mt="md">
            {c.description}
          </Text>
          <Text size="xs" c="dimmed">
            {c.beCat}
          </Text>
          <Text size="sm" c="shop.7" fw={600} mt="sm">
            {c.parentOnly ? 'Click to view subcategories' : 'View products →'}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
