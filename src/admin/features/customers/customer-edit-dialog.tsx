import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type AdminCustomer, CUSTOMER_ADMIN_MESSAGES, type CustomerProfileForm, customerProfileFormSchema } from '../../../contract/admin/customers';
import { notify } from '../../../web/components/notify';
import { CallError } from '../../components/form-problems';
import { AdminApiError } from '../../lib/admin-api';
import { useEditProfile } from './api';
import { changeOf, valuesOf } from './profile-change';

/**
 * Staff correct a customer's names, phone, web, billing address and email (DESIGN.md §7),
 * checked with the buyer's own billing rules. A new email is not taken at once: the new address
 * is mailed a link, and the customer signs in with the current one until it is opened.
 */
export function CustomerEditDialog({ customer, onClose }: { customer: AdminCustomer; onClose: () => void }) {
  const initial = valuesOf(customer);
  const form = useForm<CustomerProfileForm>({ mode: 'controlled', initialValues: initial, validate: zod4Resolver(customerProfileFormSchema) });
  const save = useEditProfile(customer);

  const submit = form.onSubmit((values) => {
    const change = changeOf(initial, values);
    if (Object.keys(change).length === 0) return onClose();
    save.mutate(change, {
      onSuccess: (saved) => {
        notify('green', change.email !== undefined && saved.pendingEmail ? CUSTOMER_ADMIN_MESSAGES.emailChangeSent(saved.pendingEmail) : 'Customer saved');
        onClose();
      },
      onError: (err) => {
        // The server's refusals at their fields: `billing.city` is the City field here.
        const fields = err instanceof AdminApiError ? (err.body as { fields?: Record<string, string> } | null)?.fields : undefined;
        if (fields) form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^billing\./, ''), v])));
      },
    });
  });

  return (
    <Modal opened onClose={onClose} title="Edit the customer" size="lg">
      <form noValidate onSubmit={submit} aria-label="Edit the customer">
        <Stack gap="sm">
          <TextInput label="Company name" autoComplete="off" data-autofocus {...form.getInputProps('orgName')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="First name" autoComplete="off" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="off" {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            autoComplete="off"
            description="A new address is mailed a link to confirm it; the customer signs in with the current one until then."
            {...form.getInputProps('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Day phone" type="tel" withAsterisk autoComplete="off" {...form.getInputProps('dayPhone')} />
            <TextInput label="Web site" type="url" placeholder="https://" autoComplete="off" {...form.getInputProps('web')} />
          </SimpleGrid>
          <TextInput label="Address" withAsterisk autoComplete="off" {...form.getInputProps('addressLine1')} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="City" withAsterisk autoComplete="off" {...form.getInputProps('city')} />
            <TextInput label="State" withAsterisk autoComplete="off" {...form.getInputProps('state')} />
            <TextInput label="Zip code" withAsterisk autoComplete="off" {...form.getInputProps('zip')} />
          </SimpleGrid>
          <TextInput label="Country" description="Two-letter code, such as US or CA" withAsterisk autoComplete="off" {...form.getInputProps('country')} />
          <CallError error={save.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
