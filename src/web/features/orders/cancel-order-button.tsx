import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';

const CancelOrderDialog = lazy(() => import('./cancel-order-dialog'));

/** Cancel, while the order is still `received`: asks first, then shows the order as it is now. */
export function CancelOrderButton({ orderNum }: { orderNum: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" color="red.9" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CancelOrderDialog orderNum={orderNum} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
