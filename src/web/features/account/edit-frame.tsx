import { Alert, Anchor, Breadcrumbs, Button, Container, Group, Paper, Title } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

/** The frame of every edit form (spec §2): breadcrumbs Home > Account > page, a Back button, the title. */
export function EditFrame({ title, backTo, status, children }: { title: string; backTo: string; status?: SaveStatus | null; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Container size={720} py={{ base: 24, sm: 40 }} px="md">
      <nav aria-label="Breadcrumb">
        <Breadcrumbs mb="md">
          <Anchor component={Link} to="/">
            Home
          </Anchor>
          <Anchor component={Link} to="/account">
            Account
          </Anchor>
          <span aria-current="page">{title}</span>
        </Breadcrumbs>
      </nav>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Group justify="space-between" align="center" mb="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          <Button variant="default" onClick={() => void navigate(backTo)}>
            Back
          </Button>
        </Group>
        {status && (
          <Alert color={status.ok ? 'green' : 'red'} role={status.ok ? 'status' : 'alert'} mb="md">
            {status.text}
          </Alert>
        )}
        {children}
      </Paper>
    </Container>
  );
}

interface EditFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  saveLabel?: string;
  children: ReactNode;
}

/** The form of an edit page: its fields, then the save button on the right. */
export function EditForm({ onSubmit, submitting, saveLabel = 'Save Changes', children }: EditFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      {children}
      <Group justify="flex-end" mt="lg">
        <Button type="submit" loading={submitting}>
          {saveLabel}
        </Button>
      </Group>
    </form>
  );
}

export interface SaveStatus {
  ok: boolean;
  text: string;
}
