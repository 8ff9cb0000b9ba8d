import { Alert, Container, Group, Loader, Text, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';
import { useMainCategories } from './api';
import { CategoryCards } from './category-cards';

export default function CategoriesPage() {
  usePageMeta('Categories', 'Browse the Skyline Balloons wholesale catalogue: premium latex, foil and bubble balloons.');
  const { data, isPending, error } = useMainCategories();
  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="xs">
        Categories
      </Title>
      <Text c="dimmed" mb="lg">
        Pick a product line to see its sizes and collections.
      </Text>
      {isPending ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>Loading categories...</Text>
        </Group>
      ) : error ? (
        <Alert color="red">{`Error: ${error.message}`}</Alert>
      ) : data.length === 0 ? (
        <Text>No categories found</Text>
      ) : (
        <CategoryCards categories={data} />
      )}
    </Container>
  );
}
