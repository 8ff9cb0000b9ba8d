import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './content.module.css';

/** The frame of a static text page: a heading, an intro line and readable prose. */
export function ContentPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Container size="md" py={48}>
      <Title order={1}>{title}</Title>
      {intro && (
        <Text size="lg" c="dimmed" mt="sm">
          {intro}
        </Text>
      )}
      <div className={classes.prose}>{children}</div>
    </Container>
  );
}
