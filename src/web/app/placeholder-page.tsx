import { Button, Container, Paper, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta';

/** Stand-in for the screens that other issues build (account, cart, checkout, survey). */
export function placeholderPage(title: string): ComponentType {
  return function PlaceholderPage() {
    usePageMeta(title, `${title} at Skyline Balloons wholesale.`);
    return (
      <Container size="sm" py={60}>
        <Paper withBorder p="xl" radius="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text mt="sm" c="dimmed">
            This screen is on its way. In the meantime you can keep browsing the catalogue.
          </Text>
          <Button component={Link} to="/categories" mt="lg">
            Browse the catalogue
          </Button>
        </Paper>
      </Container>
    );
  };
}
