import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { type AdminOrder, type EditOrderBody } from '../../../../contract/admin/orders';
import { money } from '../../../../web/components/money';
import { notify } from '../../../../web/components/notify';
import { AdminApiError } from '../../../lib/admin-api';
import { useCustomerShipTos, useEditPreview, useOrderEdit } from '../api';
import { ActionError } from './action-error';
import { type AddedRow, EditLines, wantedOf } from './edit-lines';

const SHIPPING_OPTIONS = [
  { value: 'ground', label: 'Ground' },
  { value: '2day', label: '2-Day' },
  { value: 'nextday', label: 'Next Day' },
  { value: 'willcall-west', label: 'Will Call West (Fresno)' },
  { value: 'willcall-east', label: 'Will Call East (Fairhope)' },
];

/**
 * The order page's Edit mode (decision 0036): quantities of unshipped lines, lines removed or
 * added by item number, ship-to, shipping, PO and comments. The new total is the server's own
 * (the same edit as a preview, which changes nothing); Save sends the version shown (If-Match),
 * and when someone changed the order meanwhile the page says so and shows it as it is now.
 */
export function EditOrder({ order, onDone, onReload }: { order: AdminOrder; onDone: () => void; onReload: () => void }) {
  const [qty, setQty] = useState<Record<number, number>>({});
  const [added, setAdded] = useState<AddedRow[]>([]);
  const [shipTo, setShipTo] = useState(order.shipTo.code);
  const [shipping, setShipping] = useState(order.shippingOption.code);
  const [po, setPo] = useState(order.poNumber);
  const [comments, setComments] = useState(order.comments);
  const shipTos = useCustomerShipTos(order.customer.id, true);
  const save = useOrderEdit(order);

  const body = useMemo((): EditOrderBody | null => {
    const lines = order.lines.filter((l) => qty[l.lineNo] !== undefined && qty[l.lineNo] !== wantedOf(l)).map((l) => ({ lineNo: l.lineNo, qty: qty[l.lineNo]! }));
    const b: EditOrderBody = {
      ...(lines.length ? { lines } : {}),
      ...(added.length ? { add: added } : {}),
      ...(shipTo !== order.shipTo.code ? { shipToCode: shipTo } : {}),
      ...(shipping !== order.shippingOption.code ? { shippingOption: shipping as EditOrderBody['shippingOption'] } : {}),
      ...(po !== order.poNumber ? { poNumber: po } : {}),
      ...(comments !== order.comments ? { comments } : {}),
    };
    return Object.keys(b).length ? b : null;
  }, [order, qty, added, shipTo, shipping, po, comments]);
  const [asked] = useDebouncedValue(body, 300);
  const preview = useEditPreview(order, asked);

  const submit = () => {
    if (!body) return;
    save.mutate(body, {
      onSuccess: (o) => {
        notify('green', `Order ${o.orderNum} is saved: total now ${money(o.total)}`);
        onDone();
      },
      onError: (err) => {
        if (err instanceof AdminApiError && err.status === 409 && (err.body as { current?: unknown } | null)?.current) {
          notify('red', 'Someone changed this order meanwhile: it is shown as it is now. Make your changes again.');
          onReload();
          onDone();
        }
      },
    });
  };

  const addresses = [{ value: '', label: 'Billing address' }, ...(shipTos.data ?? []).map((s) => ({ value: s.code, label: [s.orgName, s.city, s.state].filter(Boolean).join(', ') || s.code }))];
  if (!addresses.some((a) => a.value === order.shipTo.code)) addresses.push({ value: order.shipTo.code, label: [order.shipTo.orgName, order.shipTo.city, order.shipTo.state].filter(Boolean).join(', ') });
  // Only a preview of the changes as they are now: not while the form is still being typed in or asked again.
  const upToDate = JSON.stringify(asked) === JSON.stringify(body) && !preview.isFetching;
  const newTotal = body && upToDate && preview.data && !preview.isError ? preview.data.total : null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="edit-order-title">
      <Stack>
        <Title order={2} size="h4" id="edit-order-title">
          Edit order {order.orderNum}
        </Title>
        <EditLines order={order} qty={qty} onQty={setQty} added={added} onAdded={setAdded} />
        <Group grow align="flex-start" wrap="wrap">
          <Select label="Ship to" data={addresses} value={shipTo} onChange={(v) => setShipTo(v ?? '')} allowDeselect={false} miw={200} />
          <Select label="Shipping option" data={SHIPPING_OPTIONS} value={shipping} onChange={(v) => setShipping(v ?? order.shippingOption.code)} allowDeselect={false} miw={200} />
        </Group>
        <TextInput label="PO number" value={po} onChange={(e) => setPo(e.currentTarget.value)} maxLength={50} />
        <Textarea label="Comments" value={comments} onChange={(e) => setComments(e.currentTarget.value)} autosize minRows={2} />
        <Paper withBorder p="sm" radius="sm" aria-live="polite" data-testid="edit-totals">
          <Text size="sm">Total now: {money(order.total)}</Text>
          <Text size="sm" fw={700}>
            {!body ? 'No changes yet' : newTotal !== null ? `Total after these changes: ${money(newTotal)}` : preview.isError ? 'The new total cannot be worked out yet' : 'Working out the new total…'}
          </Text>
        </Paper>
        {body && upToDate && preview.isError && !save.error && (
          <Alert color="orange" role="status">
            {preview.error.message}
          </Alert>
        )}
        <ActionError error={save.error} onReload={onReload} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Stop editing
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!body}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
