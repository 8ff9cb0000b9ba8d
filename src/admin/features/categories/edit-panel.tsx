import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CategoryNode } from '../../../contract/admin/categories';
import { CallError, FormProblems } from '../../components/form-problems';
import { problemsOf, SharedFields, type SharedValues, valuesOf } from './shared-fields';

/** The panel beside the list (below it on a phone): the selected category's or collection's name as its heading. */
export function EditPanel({ id, title, subtitle, children }: { id: string; title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack>
        <div>
          <Title order={2} size="h3" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

interface EditFormProps {
  values: SharedValues;
  onChange: (v: SharedValues) => void;
  onSave: () => void;
  /** What the form found wrong, and the server's refusal. */
  problems: string[];
  error: Error | null;
  pending: boolean;
  /** Fields after the shared ones (a category's parent). */
  extra?: React.ReactNode;
  /** Beside Save (a collection's Delete). */
  aside?: React.ReactNode;
}

/** The shared fields with Save: problems found before sending and the server's refusal stay in the form. */
export function EditForm({ values, onChange, onSave, problems, error, pending, extra, aside }: EditFormProps) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <Stack gap="sm">
        <SharedFields values={values} onChange={onChange} />
        {extra}
        <FormProblems problems={problems} />
        <CallError error={error} />
        <Group justify={aside ? 'space-between' : 'flex-end'}>
          {aside}
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type Parsed<B> = { success: true; data: B } | { success: false; error: { issues: { message: string }[] } };

/** The form's state for EditForm: the node's shared fields, checked by `parse` (the contract's body) before `send`. */
export function useEditForm<B>(node: CategoryNode, parse: (values: SharedValues) => Parsed<B>, send: (body: B) => void) {
  const [values, setValues] = useState(valuesOf(node));
  const [problems, setProblems] = useState<string[]>([]);
  const onSave = () => {
    const parsed = parse(values);
    setProblems(problemsOf(parsed));
    if (parsed.success) send(parsed.data);
  };
  return { values, onChange: setValues, problems, onSave };
}
