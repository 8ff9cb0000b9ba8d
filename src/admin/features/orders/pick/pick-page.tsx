import { Alert, Anchor, Button, Card, Checkbox, Group, Loader, SegmentedControl, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { plural, type PickList } from '../../../../contract/admin/picking';
import type { WarehouseCode } from '../../../../contract/admin/staff-session';
import { canScanBarcodes, CameraView, PACKAGE_FORMATS } from '../../../../web/components/barcode-scanner';
import { documentUrl, queryString } from '../../../lib/admin-api';
import { useStaffSession } from '../../../lib/session';
import { useAdminTitle } from '../../../lib/title';
import { ShipDialog, type PickedUnits } from '../actions/ship-dialog';
import { useAdminOrder } from '../api';
import { WAREHOUSE_LABELS } from '../order-sections';
import { usePickList } from './api';
import { isLineOf, PickLines } from './pick-lines';

/** Order numbers from the URL's `orders` (comma-separated); bad parts are dropped. */
const orderNumsOf = (value: string | null) => (value ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);

/**
 * The pick screen (DESIGN §7): the orders to pick at the member's warehouse (a member without a
 * limit chooses West or East); then the lines of the chosen order(s) in bin order, each ticked on
 * tap or by scanning its barcode, and "Ship picked", which opens the ship dialog with the picked
 * units filled in. The warehouse and orders live in the URL (Back returns to the choice).
 */
export default function PickPage() {
  useAdminTitle('Pick');
  const staff = useStaffSession().data?.staff;
  const fixed = staff?.warehouse && !staff.roles.some((r) => r === 'owner' || r === 'manager') ? staff.warehouse : null;
  const [params, setParams] = useSearchParams();
  const warehouse: WarehouseCode = fixed ?? (params.get('warehouse') === 'east' ? 'east' : 'west');
  const orderNums = orderNumsOf(params.get('orders'));
  const go = (next: { warehouse?: WarehouseCode; orders?: number[] }) => {
    const search = new URLSearchParams();
    const w = next.warehouse ?? warehouse;
    if (!fixed && w !== 'west') search.set('warehouse', w);
    if (next.orders?.length) search.set('orders', next.orders.join(','));
    setParams(search);
  };
  const list = usePickList(warehouse, orderNums);

  return (
    <Stack>
      <Title order={1}>Pick at {WAREHOUSE_LABELS[warehouse]}</Title>
      {fixed === null && (
        <SegmentedControl
          aria-label="Warehouse"
          value={warehouse}
          onChange={(v) => go({ warehouse: v as WarehouseCode })}
          data={[
            { value: 'west', label: 'West' },
            { value: 'east', label: 'East' },
          ]}
        />
      )}
      {list.isPending ? (
        <Loader aria-label="Loading the pick list" />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      ) : orderNums.length === 0 ? (
        <OrderChoice list={list.data} onPick={(orders) => go({ orders })} />
      ) : (
        <Picking key={orderNums.join(',')} list={list.data} onBack={() => go({})} />
      )}
    </Stack>
  );
}

/** The orders with units to pick here, oldest first: tap one to pick it, or tick several and pick them together. */
function OrderChoice({ list, onPick }: { list: PickList; onPick: (orders: number[]) => void }) {
  const [chosen, setChosen] = useState<number[]>([]);
  if (list.orders.length === 0) return <Text>Nothing to pick: no accepted order has open units at {WAREHOUSE_LABELS[list.warehouse]}.</Text>;
  const toggle = (n: number) => setChosen((c) => (c.includes(n) ? c.filter((x) => x !== n) : [...c, n]));
  return (
    <Stack gap="xs">
      <Text>{plural(list.orders.length, 'order')} to pick, oldest first. Tap an order to pick it, or tick several to pick them together.</Text>
      {list.orders.map((o) => (
        <Card key={o.orderNum} withBorder padding="sm">
          <Group wrap="nowrap" gap="sm">
            <Checkbox size="lg" aria-label={`Choose order ${o.orderNum}`} checked={chosen.includes(o.orderNum)} onChange={() => toggle(o.orderNum)} />
            <UnstyledButton onClick={() => onPick([o.orderNum])} style={{ flex: 1, minWidth: 0 }} aria-label={`Pick order ${o.orderNum}, ${o.orgName}, ${plural(o.units, 'unit')}`}>
              <Text fw={700}>Order {o.orderNum}</Text>
              <Text size="sm" truncate>
                {o.orgName}
              </Text>
              <Text size="sm" c="dimmed">
                {plural(o.units, 'unit')} to pick
              </Text>
            </UnstyledButton>
          </Group>
        </Card>
      ))}
      {chosen.length > 1 && (
        <Button onClick={() => onPick(chosen)} size="md">
          Pick {plural(chosen.length, 'order')} together
        </Button>
      )}
    </Stack>
  );
}

/** Picking the chosen orders: lines in bin order, ticked on tap or by scan, then ship what was picked. */
function Picking({ list, onBack }: { list: PickList; onBack: () => void }) {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [scanning, setScanning] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [shipping, setShipping] = useState<number | null>(null);
  const toggle = (invNum: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(invNum)) next.delete(invNum);
      else next.add(invNum);
      return next;
    });
  const onCode = (code: string) => {
    const line = list.items.find((l) => isLineOf(l, code));
    if (!line) {
      setMessage({ ok: false, text: `The item with barcode ${code} is not on this pick list.` });
      return;
    }
    setPicked((p) => new Set(p).add(line.invNum));
    setMessage({ ok: true, text: `Picked ${line.totalQty} of ${line.invNum}${line.bin ? ` from bin ${line.bin}` : ''}.` });
  };
  const pickedFor = (orderNum: number): PickedUnits => ({
    warehouse: list.warehouse,
    qty: Object.fromEntries(list.items.filter((l) => picked.has(l.invNum)).flatMap((l) => l.orders.filter((o) => o.orderNum === orderNum).map((o) => [o.lineNo, o.qty]))),
  });

  return (
    <Stack pb={96}>
      <Group justify="space-between" wrap="nowrap">
        <Anchor component="button" type="button" onClick={onBack}>
          All orders to pick
        </Anchor>
        <Text size="sm" role="status" aria-live="polite">
          {picked.size} of {plural(list.items.length, 'line')} picked
        </Text>
      </Group>
      <Text fw={600}>
        {list.orders.map((o) => `Order ${o.orderNum} (${o.orgName})`).join(', ') || 'These orders have nothing left to pick here.'}
      </Text>
      {list.orders.length > 0 && (
        <Anchor href={documentUrl(`/PickList.pdf${queryString({ warehouse: list.warehouse, orders: list.orders.map((o) => o.orderNum).join(',') })}`)} target="_blank" rel="noopener" size="sm">
          Print this pick list (PDF)
        </Anchor>
      )}
      {canScanBarcodes() &&
        (scanning ? (
          <Card withBorder padding="xs">
            <CameraView
              onCode={onCode}
              formats={[...PACKAGE_FORMATS, 'code_128']}
              hint="Hold an item's barcode in front of the camera: its line is ticked."
              scanned={(code) => `Read ${code}.`}
              height={180}
            />
            <Button variant="default" mt="xs" onClick={() => setScanning(false)}>
              Stop scanning
            </Button>
          </Card>
        ) : (
          <Button variant="light" size="md" onClick={() => setScanning(true)}>
            Scan barcodes
          </Button>
        ))}
      {message && (
        <Alert color={message.ok ? 'green' : 'orange'} role={message.ok ? 'status' : 'alert'} withCloseButton onClose={() => setMessage(null)} closeButtonLabel="Dismiss">
          {message.text}
        </Alert>
      )}
      <PickLines lines={list.items} picked={picked} onToggle={toggle} manyOrders={list.orders.length > 1} />
      <Card withBorder shadow="md" padding="sm" pos="fixed" bottom={0} right={0} style={{ left: 'var(--app-shell-navbar-offset, 0rem)', zIndex: 150, borderRadius: 0 }}>
        <Group justify="flex-end" gap="xs">
          {list.orders.map((o) => (
            <Button key={o.orderNum} size="md" disabled={Object.keys(pickedFor(o.orderNum).qty).length === 0} onClick={() => setShipping(o.orderNum)}>
              {list.orders.length === 1 ? 'Ship picked' : `Ship picked of ${o.orderNum}`}
            </Button>
          ))}
        </Group>
      </Card>
      {shipping !== null && <ShipPicked orderNum={shipping} picked={pickedFor(shipping)} onClose={() => setShipping(null)} />}
    </Stack>
  );
}

/** The order's ship dialog with the picked units filled in. */
function ShipPicked({ orderNum, picked, onClose }: { orderNum: number; picked: PickedUnits; onClose: () => void }) {
  const order = useAdminOrder(orderNum);
  // The units picked when the dialog opened: a refresh of the list after shipping does not change the form.
  const [start] = useState(picked);
  if (!order.data) return order.isError ? <Alert color="red">{order.error.message}</Alert> : <Loader aria-label="Loading the order" />;
  return <ShipDialog order={order.data} opened onClose={onClose} onReload={() => void order.refetch()} picked={start} />;
}

