import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminCoupon } from '../../../contract/admin/coupons';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SearchForm } from '../../components/search-form';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useCoupons, useDeleteCoupon, useUpdateCoupon } from './api';
import { CouponDialog } from './coupon-dialog';
import { CouponList } from './coupon-list';

/** Coupons: search (in the URL), add, edit, delete an unused one or end a used one. */
export default function CouponsPage() {
  useAdminTitle('Coupons');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? undefined;
  const coupons = useCoupons(q);
  const canEdit = useCan()('catalogue:write');
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminCoupon | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Coupons</Title>
        {canEdit && <Button onClick={() => setEditing('new')}>Add a coupon</Button>}
      </Group>
      <SearchForm key={q ?? ''} value={q} placeholder="Code or name" width={240} onSearch={(words) => setParams(words ? { q: words } : {})} />
      {coupons.isPending ? (
        <Loader aria-label="Loading the coupons" />
      ) : coupons.isError ? (
        <Alert color="red">{coupons.error.message}</Alert>
      ) : coupons.data.length === 0 ? (
        <Text>{q ? 'No coupon matches.' : 'No coupons yet.'}</Text>
      ) : (
        <CouponList coupons={coupons.data} canEdit={canEdit} onEdit={setEditing} onRemove={setRemoving} />
      )}
      {editing && <CouponDialog coupon={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {removing && (removing.uses === 0 ? <DeleteCouponDialog coupon={removing} onClose={() => setRemoving(null)} /> : <EndCouponDialog coupon={removing} onClose={() => setRemoving(null)} />)}
    </Stack>
  );
}

function done(message: string, close: () => void) {
  notify('green', message);
  close();
}

function DeleteCouponDialog({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const remove = useDeleteCoupon();
  return (
    <ConfirmDialog
      title={`Delete the coupon ${coupon.code}?`}
      message="No order has used it. Carts that hold it lose it. This cannot be undone."
      confirmLabel="Delete the coupon"
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() => remove.mutate(coupon.id, { onSuccess: () => done(`Deleted the coupon ${coupon.code}`, onClose) })}
    />
  );
}

/** A used coupon stays for its orders: ending it makes it inactive, so no cart applies it any more. */
function EndCouponDialog({ coupon, onClose }: { coupon: AdminCoupon; onClose: () => void }) {
  const update = useUpdateCoupon();
  const { id, uses: _uses, createdAt: _createdAt, ...fields } = coupon;
  return (
    <ConfirmDialog
      title={`End the coupon ${coupon.code}?`}
      message={`Orders have used it ${coupon.uses} time${coupon.uses === 1 ? '' : 's'}, so it is kept for them. Buyers can no longer use it, and carts that hold it stop applying it.`}
      confirmLabel="End the coupon"
      pending={update.isPending}
      error={update.error}
      onClose={onClose}
      onConfirm={() => update.mutate({ id, body: { ...fields, active: false } }, { onSuccess: () => done(`Ended the coupon ${coupon.code}`, onClose) })}
    />
  );
}
