import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type OrderForm, ORDER_FORMS, orderFormUpdateBody, staleOrderFormProblemSchema } from '../../../contract/admin/order-forms';
import { checkForm } from '../../../contract/plain-words';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { fromLocalInput, toLocalInput } from '../../components/dates';
import { FormProblems } from '../../components/form-problems';
import { SchemaForm } from '../../components/schema-form';
import { SaveRefusal } from '../../components/stale-alert';
import { AdminApiError } from '../../lib/admin-api';
import { useAdminTitle } from '../../lib/title';
import { useDeleteOrderForm, useOrderForm, useSaveOrderForm } from './api';
import { type DraftPage, draftOf, hasItem, moved, newKey, pagesBody, replaced, without } from './draft';
import { formState } from './form-state';
import { PageCard } from './page-card';
import { StatusBadge } from '../../../web/components/status-badge';

/** One order form: title, subtitle, open and close times, and its pages, sections and items; saved at once. */
export default function OrderFormEditorPage() {
  const masterId = useParams().masterId ?? '';
  const form = useOrderForm(masterId);
  useAdminTitle(form.data ? `Order form ${form.data.masterId}` : 'Order form');
  if (form.isPending) return <Loader aria-label="Loading the order form" />;
  if (form.isError) return <Alert color="red">{form.error.message}</Alert>;
  return <FormEditor key={form.data.version} form={form.data} />;
}

function FormEditor({ form }: { form: OrderForm }) {
  const save = useSaveOrderForm(form.masterId);
  const [head, setHead] = useState({ title: form.title, subtitle: form.subtitle, active: form.active, opensAt: toLocalInput(form.opensAt), closesAt: toLocalInput(form.closesAt) });
  const [pages, setPages] = useState<DraftPage[]>(() => draftOf(form));
  const [version, setVersion] = useState(form.version);
  const [problems, setProblems] = useState<string[]>([]);
  const [removing, setRemoving] = useState<number | null>(null);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteOrderForm(form.masterId);
  const navigate = useNavigate();
  const stale = save.error instanceof AdminApiError && save.error.status === 409 ? staleOrderFormProblemSchema.safeParse(save.error.body).data?.current : undefined;
  const state = formState({ active: head.active, opensAt: fromLocalInput(head.opensAt), closesAt: fromLocalInput(head.closesAt) });

  const submit = () => {
    const parsed = checkForm(orderFormUpdateBody, { ...head, opensAt: fromLocalInput(head.opensAt), closesAt: fromLocalInput(head.closesAt), pages: pagesBody(pages), version });
    setProblems(parsed.problems);
    if (parsed.success) save.mutate(parsed.data, { onSuccess: () => notify('green', `Saved the order form ${form.masterId}`) });
  };
  const loadTheirs = (current: OrderForm) => {
    setHead({ title: current.title, subtitle: current.subtitle, active: current.active, opensAt: toLocalInput(current.opensAt), closesAt: toLocalInput(current.closesAt) });
    setPages(draftOf(current));
    setVersion(current.version);
    save.reset();
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Order form {form.masterId}</Title>
        <StatusBadge tone={state.tone} size="lg">
          {state.label}
        </StatusBadge>
      </Group>
      <Group gap="md">
        <Anchor component={Link} to="/order-forms" size="sm">
          All order forms
        </Anchor>
        <Anchor href={`/survey/${form.masterId.toLowerCase()}`} target="_blank" rel="noopener" size="sm">
          Open it as a buyer
        </Anchor>
      </Group>
      <SchemaForm onSubmit={submit}>
        <Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <TextInput label="Title" required maxLength={ORDER_FORMS.titleMax} value={head.title} onChange={(e) => setHead({ ...head, title: e.currentTarget.value })} />
            <TextInput label="Subtitle" maxLength={ORDER_FORMS.subtitleMax} value={head.subtitle} onChange={(e) => setHead({ ...head, subtitle: e.currentTarget.value })} />
            <TextInput label="Opens" description="Empty: open now" type="datetime-local" value={head.opensAt} onChange={(e) => setHead({ ...head, opensAt: e.currentTarget.value })} />
            <TextInput label="Closes" description="Empty: no end" type="datetime-local" value={head.closesAt} onChange={(e) => setHead({ ...head, closesAt: e.currentTarget.value })} />
          </SimpleGrid>
          <Switch label="Active (buyers can open it while it is open)" checked={head.active} onChange={(e) => setHead({ ...head, active: e.currentTarget.checked })} />
          {pages.length === 0 && <Text c="dimmed">No pages yet.</Text>}
          {pages.map((p, i) => (
            <PageCard
              key={p.key}
              page={p}
              index={i}
              count={pages.length}
              isOnForm={(num) => hasItem(pages, num)}
              onChange={(next) => setPages(replaced(pages, i, next))}
              onMove={(d) => setPages(moved(pages, i, d))}
              onRemove={() => setRemoving(i)}
            />
          ))}
          <Group>
            <Button variant="default" onClick={() => setPages([...pages, { key: newKey(), title: `Page ${pages.length + 1}`, sections: [{ key: newKey(), title: 'Items', items: [] }] }])}>
              Add a page
            </Button>
          </Group>
          <FormProblems problems={problems} />
          <SaveRefusal error={save.error} current={stale} what="form" onLoad={loadTheirs} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save the order form
            </Button>
            <Button color="red.9" variant="outline" onClick={() => setDeleting(true)}>
              Delete the order form…
            </Button>
          </Group>
        </Stack>
      </SchemaForm>
      {removing !== null && (
        <ConfirmDialog
          title={`Remove the page ${pages[removing]?.title ?? ''}?`}
          message="Its sections and items leave the form when you save it."
          confirmLabel="Remove the page"
          pending={false}
          error={null}
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            setPages(without(pages, removing));
            setRemoving(null);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the order form ${form.masterId}?`}
          message="Buyers can no longer open it, and its pages and sections are gone. To hide it for a while, switch it off instead. This cannot be undone."
          confirmLabel="Delete the order form"
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(version, {
              onSuccess: () => {
                notify('green', `Deleted the order form ${form.masterId}`);
                void navigate('/order-forms');
              },
            })
          }
        />
      )}
    </Stack>
  );
}
