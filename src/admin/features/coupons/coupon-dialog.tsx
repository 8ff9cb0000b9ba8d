import { NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type AdminCoupon, COUPON_KIND_LABELS, COUPON_KINDS, couponCreateBody, COUPONS, couponUpdateBody, type CouponKindName } from '../../../contract/admin/coupons';
import { CART } from '../../../contract/cart';
import { fieldLabel } from '../../../contract/labels';
import { checkForm } from '../../../contract/plain-words';
import { notify } from '../../../web/components/notify';
import { fromLocalInput, toLocalInput } from '../../components/dates';
import { FormDialog } from '../../components/form-dialog';
import { useCreateCoupon, useUpdateCoupon } from './api';

const KIND_OPTIONS = COUPON_KINDS.map((k) => ({ value: k, label: COUPON_KIND_LABELS[k] }));
type Num = number | string;
const numberOrNull = (v: Num) => (v === '' ? null : Number(v));

/** Add a coupon or edit one: every rule the cart applies. Refusals (a taken code, a stale version) stay in the dialog. */
export function CouponDialog({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const call = coupon ? update : create;
  const [code, setCode] = useState(coupon?.code ?? '');
  const [name, setName] = useState(coupon?.name ?? '');
  const [kind, setKind] = useState<CouponKindName>(coupon?.kind ?? 'percent');
  const [percentOff, setPercentOff] = useState<Num>(coupon?.percentOff || '');
  const [amountOff, setAmountOff] = useState<Num>(coupon?.amountOff || '');
  const [minimum, setMinimum] = useState<Num>(coupon?.minimum || '');
  const [validFrom, setValidFrom] = useState(toLocalInput(coupon?.validFrom ?? null));
  const [validUntil, setValidUntil] = useState(toLocalInput(coupon?.validUntil ?? null));
  const [maxUses, setMaxUses] = useState<Num>(coupon?.maxUses ?? '');
  const [maxUsesPerCustomer, setMaxUsesPerCustomer] = useState<Num>(coupon?.maxUsesPerCustomer ?? '');
  const [active, setActive] = useState(coupon?.active ?? true);
  const [problems, setProblems] = useState<string[]>([]);

  const submit = () => {
    const fields = {
      code: code.trim(),
      name,
      kind,
      percentOff: kind === 'percent' ? Number(percentOff || 0) : 0,
      amountOff: kind === 'fixed' ? Number(amountOff || 0) : 0,
      minimum: Number(minimum || 0),
      validFrom: fromLocalInput(validFrom),
      validUntil: fromLocalInput(validUntil),
      maxUses: numberOrNull(maxUses),
      maxUsesPerCustomer: numberOrNull(maxUsesPerCustomer),
      active,
    };
    const done = (saved: AdminCoupon) => {
      notify('green', `Saved the coupon ${saved.code}`);
      onClose();
    };
    if (coupon) {
      const parsed = checkForm(couponUpdateBody, { ...fields, version: coupon.version });
      setProblems(parsed.problems);
      if (parsed.success) update.mutate({ id: coupon.id, body: parsed.data }, { onSuccess: done });
      return;
    }
    const parsed = checkForm(couponCreateBody, fields);
    setProblems(parsed.problems);
    if (parsed.success) create.mutate(parsed.data, { onSuccess: done });
  };

  return (
    <FormDialog
      title={coupon ? `Edit the coupon ${coupon.code}` : 'Add a coupon'}
      size="lg"
      onSubmit={submit}
      problems={problems}
      error={call.error}
      pending={call.isPending}
      submitLabel={coupon ? 'Save' : 'Add'}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={fieldLabel(couponCreateBody, 'code')} description="What buyers type; any case" required maxLength={CART.couponCodeMax} value={code} onChange={(e) => setCode(e.currentTarget.value)} data-autofocus />
        <TextInput label={fieldLabel(couponCreateBody, 'name')} description="Shown in the cart" required maxLength={COUPONS.nameMax} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      </SimpleGrid>
      <Select label={fieldLabel(couponCreateBody, 'kind')} data={KIND_OPTIONS} value={kind} allowDeselect={false} onChange={(v) => setKind((v ?? 'percent') as CouponKindName)} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {kind === 'percent' && <NumberInput label={fieldLabel(couponCreateBody, 'percentOff')} required min={1} max={100} allowDecimal={false} suffix="%" value={percentOff} onChange={setPercentOff} />}
        {kind === 'fixed' && <NumberInput label={fieldLabel(couponCreateBody, 'amountOff')} required min={0} decimalScale={2} prefix="$" value={amountOff} onChange={setAmountOff} />}
        <NumberInput label={fieldLabel(couponCreateBody, 'minimum')} description="Merchandise value; empty: none" min={0} decimalScale={2} prefix="$" value={minimum} onChange={setMinimum} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={fieldLabel(couponCreateBody, 'validFrom')} description="Empty: from now" type="datetime-local" value={validFrom} onChange={(e) => setValidFrom(e.currentTarget.value)} />
        <TextInput label={fieldLabel(couponCreateBody, 'validUntil')} description="Empty: no end" type="datetime-local" value={validUntil} onChange={(e) => setValidUntil(e.currentTarget.value)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label={fieldLabel(couponCreateBody, 'maxUses')} description="Empty: no limit" min={1} allowDecimal={false} value={maxUses} onChange={setMaxUses} />
        <NumberInput label={fieldLabel(couponCreateBody, 'maxUsesPerCustomer')} description="Empty: no limit" min={1} allowDecimal={false} value={maxUsesPerCustomer} onChange={setMaxUsesPerCustomer} />
      </SimpleGrid>
      <Switch label="Active (buyers can use it)" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
    </FormDialog>
  );
}
