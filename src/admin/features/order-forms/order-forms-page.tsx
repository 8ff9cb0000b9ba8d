import { Alert, Anchor, Button, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { orderFormCreateBody, type OrderFormListItem, ORDER_FORMS } from '../../../contract/admin/order-forms';
import { fieldLabel } from '../../../contract/labels';
import { checkForm } from '../../../contract/plain-words';
import { HeadedTable } from '../../../web/components/headed-table';
import { FormDialog } from '../../components/form-dialog';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useCreateOrderForm, useOrderForms } from './api';
import { formState } from './form-state';
import { StatusBadge } from '../../../web/components/status-badge';

/** Order forms: each with its state, page and item counts; add one. */
export default function OrderFormsPage() {
  useAdminTitle('Order forms');
  const forms = useOrderForms();
  const canEdit = useCan()('catalogue:write');
  const [adding, setAdding] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Order forms</Title>
        {canEdit && <Button onClick={() => setAdding(true)}>Add an order form</Button>}
      </Group>
      <Text c="dimmed">Seasonal order forms buyers open at /survey/&lt;id&gt;. A form shows only while it is active and between its open and close times.</Text>
      {forms.isPending ? (
        <Loader aria-label="Loading the order forms" />
      ) : forms.isError ? (
        <Alert color="red">{forms.error.message}</Alert>
      ) : forms.data.length === 0 ? (
        <Text>No order forms yet.</Text>
      ) : (
        <HeadedTable minWidth={560} striped withTableBorder verticalSpacing="sm" columns={['Form', 'Id', 'Pages', 'Items', 'State']}>
          {forms.data.map((f) => (
            <Row key={f.masterId} form={f} />
          ))}
        </HeadedTable>
      )}
      {adding && <AddFormDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}

function Row({ form: f }: { form: OrderFormListItem }) {
  const state = formState(f);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/order-forms/${f.masterId}`}>
          {f.title}
        </Anchor>
      </Table.Td>
      <Table.Td>{f.masterId}</Table.Td>
      <Table.Td>{f.pageCount}</Table.Td>
      <Table.Td>{f.itemCount}</Table.Td>
      <Table.Td>
        <StatusBadge tone={state.tone}>
          {state.label}
        </StatusBadge>
      </Table.Td>
    </Table.Tr>
  );
}

function AddFormDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateOrderForm();
  const navigate = useNavigate();
  const [masterId, setMasterId] = useState('');
  const [title, setTitle] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const submit = () => {
    const parsed = checkForm(orderFormCreateBody, { masterId, title });
    setProblems(parsed.problems);
    if (parsed.success) create.mutate(parsed.data, { onSuccess: (form) => void navigate(`/order-forms/${form.masterId}`) });
  };
  return (
    <FormDialog title="Add an order form" onSubmit={submit} problems={problems} error={create.error} pending={create.isPending} submitLabel="Add" onClose={onClose}>
      <TextInput label={fieldLabel(orderFormCreateBody, 'masterId')} description="In the buyers' link, /survey/<id>: letters, digits, - and _" required maxLength={40} value={masterId} onChange={(e) => setMasterId(e.currentTarget.value)} data-autofocus />
      <TextInput label="Title" required maxLength={ORDER_FORMS.titleMax} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
    </FormDialog>
  );
}
