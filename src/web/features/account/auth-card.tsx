import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card of the sign-in, sign-up and password-reset screens. */
export function AuthCard({ title, intro, children, size = 460 }: { title: string; intro?: ReactNode; children: ReactNode; size?: number }) {
  return (
    <Container size={size} py={{ base: 32, sm: 56 }} px="md">
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="lg">
        <Title order={1} size="h2" mb={intro ? 4 : 'md'}>
          {title}
        </Title>
        {intro && (
          <Text c="dimmed" size="sm" mb="lg">
            {intro}
          </Text>
        )}
        {children}
      </Paper>
    </Container>
  );
}
