import { Alert, Button, Container, Group, Loader, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { useCategoryInfo, useChildCategories } from './api';
import { CategoryBreadcrumb } from './breadcrumb';
import { CategoryCards } from './category-cards';
import { ORDER_GRIDS } from './grid-links';
import { categoryMeta } from './category-meta';

/** /categories/{n}: the children of a category, or its items when it has no children. */
export default function CategoryPage() {
  const num = Number(useParams().categoryNum);
  const valid = Number.isInteger(num) && num > 0;
  const info = useCategoryInfo(valid ? num : null);
  const children = useChildCategories(valid ? num : 0);
  const meta = categoryMeta(info.data, 'Category', (name) => `${name} in the Skyline Balloons wholesale catalogue.`);
  usePageMeta(meta.title, meta.description);
  if (!valid) return <Navigate to="/categories" replace />;
  if (info.isPending || children.isPending) {
    return (
      <Container size="xl" py="xl">
        <Group gap="xs">
          <Loader size="sm" />
          <Text>Loading categories...</Text>
        </Group>
      </Container>
    );
  }
  const error = info.error ?? children.error;
  if (error) {
    return (
      <Container size="xl" py="xl">
        <Alert color="red">{`Error: ${error.message}`}</Alert>
      </Container>
    );
  }
  const kids = children.data ?? [];
  if (kids.length === 0) return <Navigate to={`/products?categoryNum=${num}`} replace />;
  return (
    <Container size="xl" py="xl">
      <CategoryBreadcrumb categoryNum={num} />
      <Group justify="space-between" align="center" mb="lg" gap="sm">
        <Title order={1}>{info.data?.description}</Title>
        {ORDER_GRIDS.has(num) && (
          <Button component={Link} to={`/order-grid/${num}`} variant="light">
            Order by colour and size
          </Button>
        )}
      </Group>
      <CategoryCards categories={kids} />
    </Container>
  );
}
