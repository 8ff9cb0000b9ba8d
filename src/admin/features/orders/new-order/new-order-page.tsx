import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Radio, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ORDER_SOURCE_LABELS, STAFF_ORDER_SOURCES, type StaffOrderPreview } from '../../../../contract/admin/orders';
import { CART, type ShippingCode } from '../../../../contract/cart';
import { money } from '../../../../web/components/money';
import { ApiError } from '../../../lib/admin-api';
import { useAdminTitle } from '../../../lib/title';
import { placeOrder, previewOrder } from './api';
import { CustomerPicker } from './customer-picker';
import { LineEntry, OrderLinesTable, type TypedLine } from './line-entry';

type Source = (typeof STAFF_ORDER_SOURCES)[number];

function problemText(e: unknown): string {
  if (e instanceof ApiError) return [e.message, ...e.errors.filter((x) => x !== e.message)].join(' ');
  return 'Something went wrong. Please try again';
}

/**
 * The order desk enters an order for a customer (DESIGN.md §7): the customer by search, the
 * ship-to and shipping option with their rates, lines by item number (Enter adds), pasted or
 * found by search, each at the customer's price with the total, how it came in, PO and comments.
 * Every change of lines is priced by the server (`/Orders/Preview`); Place goes to the new order.
 */
export default function NewOrderPage() {
  useAdminTitle('New order');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [customer, setCustomer] = useState<{ id: number; orgName: string } | null>(null);
  const [preview, setPreview] = useState<StaffOrderPreview | null>(null);
  const [shipToCode, setShipToCode] = useState('');
  const [shippingOption, setShippingOption] = useState<ShippingCode>('ground');
  const [source, setSource] = useState<Source>('phone');
  const [poNumber, setPoNumber] = useState('');
  const [comments, setComments] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per order being entered: a double click or a retry after a lost answer places it once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const lines: TypedLine[] = preview?.lines.map((l) => ({ invNum: l.invNum, qty: l.qty })) ?? [];

  /** Prices the order with these lines (and ship-to); refused lines leave the order as it was. True when it took. */
  async function price(customerId: number, next: TypedLine[], shipTo = shipToCode): Promise<boolean> {
    setBusy(true);
    try {
      const answer = await previewOrder({ customerId, shipToCode: shipTo, lines: next });
      setPreview(answer);
      setShipToCode(shipTo);
      if (!answer.shippingOptions.some((o) => o.code === shippingOption)) setShippingOption(answer.shippingOptions[0]?.code ?? 'ground');
      setProblem(null);
      return true;
    } catch (e) {
      setProblem(problemText(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function pick(c: { id: number; orgName: string }) {
    setCustomer(c);
    setPreview(null);
    setIdempotencyKey(crypto.randomUUID());
    await price(c.id, [], '');
  }

  async function place() {
    if (!customer) return;
    setBusy(true);
    try {
      const order = await placeOrder({ customerId: customer.id, shipToCode, shippingOption, poNumber, comments, lines, source }, idempotencyKey);
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'admin' && ['orders', 'dashboard', 'stock'].includes(String(q.queryKey[1])) });
      queryClient.setQueryData(['admin', 'order', order.orderNum], order);
      await navigate(`/orders/${order.orderNum}`);
    } catch (e) {
      setProblem(problemText(e));
      setBusy(false);
    }
  }

  const rate = preview?.shippingOptions.find((o) => o.code === shippingOption);
  // In cents: the lines' tax and the chosen shipping's (decision 0042).
  const taxCents = Math.round((preview?.tax ?? 0) * 100) + Math.round((rate?.tax ?? 0) * 100);
  const totalCents = Math.round((preview?.subtotal ?? 0) * 100) + Math.round((rate?.amount ?? 0) * 100) + taxCents;
  return (
    <Stack>
      <Breadcrumbs>
        <Anchor component={Link} to="/orders">
          Orders
        </Anchor>
        <Text size="sm">New order</Text>
      </Breadcrumbs>
      <Title order={1}>New order</Title>
      <CustomerPicker customer={customer} onPick={(c) => void pick(c)} onClear={() => (setCustomer(null), setPreview(null))} />
      {problem && (
        <Alert color="red" title="Not taken" role="alert">
          {problem}
        </Alert>
      )}
      {customer && preview && (
        <>
          <Text size="sm">
            Prices for {preview.customer.orgName}: {preview.customer.priceLevel ? `price level ${preview.customer.priceLevel}` : 'list prices'}
          </Text>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                Ship to
              </Title>
              <Select
                label="Ship-to address"
                data={preview.shipTos.map((s) => ({ value: s.code, label: `${s.code === '' ? 'Billing address' : s.code}: ${s.orgName}, ${s.addressLine1}, ${s.city} ${s.state}` }))}
                value={shipToCode}
                allowDeselect={false}
                onChange={(v) => void price(customer.id, lines, v ?? '')}
              />
              <Radio.Group label="Shipping option" value={shippingOption} onChange={(v) => setShippingOption(v as ShippingCode)}>
                <Stack gap={6} mt={6}>
                  {preview.shippingOptions.map((o) => (
                    <Radio key={o.code} value={o.code} label={`${o.name}: ${money(o.amount)}`} description={o.description} />
                  ))}
                </Stack>
              </Radio.Group>
            </Stack>
          </Paper>
          <LineEntry disabled={busy} onAdd={(added) => price(customer.id, [...lines, ...added])} />
          <OrderLinesTable preview={preview} onRemove={(invNum) => void price(customer.id, lines.filter((l) => l.invNum !== invNum))} />
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Select
                label="How the order came in"
                data={STAFF_ORDER_SOURCES.map((s) => ({ value: s, label: ORDER_SOURCE_LABELS[s] }))}
                value={source}
                allowDeselect={false}
                onChange={(v) => v && setSource(v as Source)}
              />
              <TextInput label="PO number" maxLength={CART.poNumberMax} value={poNumber} onChange={(e) => setPoNumber(e.currentTarget.value)} />
              <Textarea label="Comments" autosize minRows={2} maxLength={CART.commentsMax} value={comments} onChange={(e) => setComments(e.currentTarget.value)} />
            </Stack>
          </Paper>
          <Group justify="space-between" align="center">
            <Text fw={600} aria-live="polite">
              Total {money(totalCents / 100)}
              <Text span size="sm" c="dimmed" fw={400}>
                {' '}
                ({money(preview.subtotal)} items + {money(rate?.amount ?? 0)} shipping
                {preview.taxBasis === 'taxable' ? ` + ${money(taxCents / 100)} sales tax (${preview.taxRate}%)` : preview.taxBasis === 'exempt' ? ', tax-exempt' : ''})
              </Text>
            </Text>
            <Button onClick={() => void place()} loading={busy} disabled={lines.length === 0}>
              Place order
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
