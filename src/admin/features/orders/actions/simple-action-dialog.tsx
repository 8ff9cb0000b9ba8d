import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { holdBody, type AdminOrder } from '../../../../contract/admin/orders';
import { notify } from '../../../../web/components/notify';
import { useOrderAction } from '../api';
import { ActionError } from './action-error';

interface DialogProps {
  order: AdminOrder;
  opened: boolean;
  onClose: () => void;
  onReload: () => void;
}

/** Accept or Release: a confirmation, no fields. */
export function ConfirmActionDialog({ order, opened, onClose, onReload, action }: DialogProps & { action: 'accept' | 'release' }) {
  const call = useOrderAction(order);
  const verb = action === 'accept' ? 'Accept' : 'Release';
  const close = () => {
    call.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`${verb} order ${order.orderNum}`}>
      <Stack>
        <Text size="sm">
          {action === 'accept'
            ? 'The order goes to the warehouses to be picked and shipped.'
            : 'The hold ends: the order goes back to the status it had before.'}
        </Text>
        <ActionError error={call.error} onReload={onReload} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button
            loading={call.isPending}
            onClick={() =>
              call.mutate(
                { action },
                {
                  onSuccess: (o) => {
                    notify('green', `Order ${o.orderNum} is ${o.statusCode.replace('_', ' ')}`);
                    close();
                  },
                },
              )
            }
          >
            {verb}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Hold: the reason is required (contract's holdBody). */
export function HoldDialog({ order, opened, onClose, onReload }: DialogProps) {
  const call = useOrderAction(order);
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' }, validate: zod4Resolver(holdBody) });
  const close = () => {
    call.reset();
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Hold order ${order.orderNum}`}>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          call.mutate(
            { action: 'hold', body: { reason: v.reason.trim() } },
            {
              onSuccess: (o) => {
                notify('green', `Order ${o.orderNum} is on hold`);
                close();
              },
            },
          ),
        )}
      >
        <Stack>
          <Textarea label="Reason" description="Shown to staff on the order's timeline" required autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
          <ActionError error={call.error} onReload={onReload} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" color="orange.9" loading={call.isPending}>
              Put on hold
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
