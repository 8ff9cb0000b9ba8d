import { Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta';

export default function NotFoundPage() {
  usePageMeta('Page not found', 'The page you were looking for is not at Skyline Balloons.');
  return (
    <Container size="sm" py={80} ta="center">
      <Text fz={64} fw={800} c="shop.5" lh={1}>
        404
      </Text>
      <Title order={1} mt="md">
        Page not found
      </Title>
      <Text mt="sm" c="dimmed">
        We could not find that page. It may have moved, or the link may be mistyped.
      </Text>
      <Group justify="center" mt="xl">
        <Button component={Link} to="/">
          Go to the home page
        </Button>
        <Button component={Link} to="/categories" variant="default">
          Browse the catalogue
        </Button>
      </Group>
    </Container>
  );
}
