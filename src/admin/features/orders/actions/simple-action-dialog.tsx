import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { holdBody, ORDER_STATUS_LABELS, type AdminOrder } from '../../../../contract/admin/orders';
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
                    notify('green', `Order ${o.orderNum} is ${ORDER_STATUS_LABELS[o.statusCode].toLowerCase()}`);
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
  const form = useForm({ mode: 'controlled', initialValues: { reason: '', message: '' }, validate: zod4Resolver(holdBody) });
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
            { action: 'hold', body: { reason: v.reason.trim(), ...(v.message.trim() ? { message: v.message.trim() } : {}) } },
            {
              onSuccess: (o) => {
                notify('green', v.message.trim() ? `Order ${o.orderNum} is on hold; the buyer was sent your message` : `Order ${o.orderNum} is on hold; the buyer was not told`);
                close();
              },
            },
          ),
        )}
      >
        <Stack>
          <Textarea label="Reason" description="For staff only, on the order's timeline: the buyer never sees it" required autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
          <Textarea
            label="Message to the buyer (optional)"
            description="Mailed to the buyer and shown on their order page. Leave it empty and the buyer is told nothing."
            autosize
            minRows={2}
            {...form.getInputProps('message')}
          />
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
