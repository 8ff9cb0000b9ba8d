import { Button, Paper, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { CART } from '../../../contract/cart';
import { CART_TEXTS, reasonOr } from '../../components/cart-texts';
import { useUpdateComments } from './api';
import { notify } from '../../components/notify';

/** Order Comments (spec §2): saved on the cart, and carried into the order at checkout. */
export function OrderComments({ saved }: { saved: string }) {
  const update = useUpdateComments();
  const [text, setText] = useState(saved);
  const [base, setBase] = useState(saved);
  // The cart changed elsewhere (another tab, checkout): show the server's comments.
  if (saved !== base) {
    setBase(saved);
    setText(saved);
  }
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="xs">
        Order Comments
      </Title>
      <Textarea
        label="Comments for this order"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        maxLength={CART.commentsMax}
        autosize
        minRows={3}
        maxRows={8}
      />
      <Button
        mt="sm"
        variant="light"
        fullWidth
        loading={update.isPending}
        disabled={text === saved}
        onClick={() =>
          update.mutate(text, {
            onSuccess: () => notify('green', CART_TEXTS.success.commentsSaved),
            onError: (e) => notify('red', reasonOr(e, CART_TEXTS.commentsFailed, CART_TEXTS.screen.saveComments)),
          })
        }
      >
        Save comments
      </Button>
    </Paper>
  );
}
