import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../components/notify';
import { useCancelOrder } from './api';

/** Cancel, while the order is still `received`: asks first, then shows the order as it is now. */
export function CancelOrderButton({ orderNum }: { orderNum: number }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder();
  const confirm = () =>
    cancel.mutate(orderNum, {
      onSuccess: () => {
        setOpen(false);
        notify('green', `Order ${orderNum} is cancelled`);
      },
      onError: (e) => {
        setOpen(false);
        notify('red', e.message);
      },
    });
  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Cancel order ${orderNum}?`} centered>
        <Text size="sm">Nothing has been prepared yet. The whole order is cancelled and its items go back on sale; this cannot be undone.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Keep the order
          </Button>
          <Button color="red.9" loading={cancel.isPending} onClick={confirm}>
            Cancel the order
          </Button>
        </Group>
      </Modal>
    </>
  );
}
