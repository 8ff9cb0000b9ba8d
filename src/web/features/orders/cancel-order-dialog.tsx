import { Button, Group, Modal, Text } from '@mantine/core';
import { notify } from '../../components/notify';
import { useCancelOrder } from './api';

/**
 * The confirm step of Cancel. A chunk of its own (Mantine's Modal is most of it), loaded only when
 * a buyer asks to cancel, so the order page stays as light as it was.
 */
export default function CancelOrderDialog({ orderNum, onClose }: { orderNum: number; onClose: () => void }) {
  const cancel = useCancelOrder();
  const confirm = () =>
    cancel.mutate(orderNum, {
      onSuccess: () => {
        onClose();
        notify('green', `Order ${orderNum} is cancelled`);
      },
      onError: (e) => {
        onClose();
        notify('red', e.message);
      },
    });
  return (
    <Modal opened onClose={onClose} title={`Cancel order ${orderNum}?`} centered>
      <Text size="sm">Nothing has been prepared yet. The whole order is cancelled and its items go back on sale; this cannot be undone.</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Keep the order
        </Button>
        <Button color="red.9" loading={cancel.isPending} onClick={confirm}>
          Cancel the order
        </Button>
      </Group>
    </Modal>
  );
}
