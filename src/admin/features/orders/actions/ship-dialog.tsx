import { Alert, Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { shipBody, type AdminOrder, type ShipBody } from '../../../../contract/admin/orders';
import { CARRIERS, type Shipment } from '../../../../contract/order-lifecycle';
import type { WarehouseCode } from '../../../../contract/admin/staff-session';
import { notify } from '../../../../web/components/notify';
import { useStaffSession } from '../../../lib/session';
import { useShip } from '../api';
import { CARRIER_LABELS, WAREHOUSE_LABELS } from '../order-sections';
import { FormProblems } from '../../../components/form-problems';
import { SchemaForm } from '../../../components/schema-form';
import { ActionError } from './action-error';
import { chosenLines, LineQuantitiesTable } from './line-quantities-table';

const open = (l: AdminOrder['lines'][number], w: WarehouseCode) => (w === 'west' ? l.openWest : l.openEast);

/** Every open unit at the warehouse, per line: the form's starting quantities. */
const allOpen = (order: AdminOrder, w: WarehouseCode) => Object.fromEntries(order.lines.map((l) => [l.lineNo, open(l, w)]));
/** No units on any line: the lines not picked. */
const zeroes = (order: AdminOrder) => Object.fromEntries(order.lines.map((l) => [l.lineNo, 0]));

/** What the pick screen picked: the warehouse and the units per line to start the form with. */
export interface PickedUnits {
  warehouse: WarehouseCode;
  qty: Record<number, number>;
}

/**
 * Ship: warehouse (fixed for a member limited to one), carrier, tracking number, and a quantity
 * per line, all open units at that warehouse to start with (or what was `picked`).
 * POST /Orders/{n}/Ship → the shipment.
 */
export function ShipDialog({ order, opened, onClose, onReload, picked }: { order: AdminOrder; opened: boolean; onClose: () => void; onReload: () => void; picked?: PickedUnits }) {
  const fixed = useStaffSession().data?.staff.warehouse ?? null;
  const first: WarehouseCode = fixed ?? picked?.warehouse ?? (order.lines.some((l) => l.openWest > 0) || !order.lines.some((l) => l.openEast > 0) ? 'west' : 'east');
  const [warehouse, setWarehouse] = useState<WarehouseCode>(first);
  const [carrier, setCarrier] = useState<ShipBody['carrier']>('ups');
  const [tracking, setTracking] = useState('');
  const [qty, setQty] = useState<Record<number, number>>(() => (picked && picked.warehouse === first ? { ...allOpen(order, first), ...zeroes(order), ...picked.qty } : allOpen(order, first)));
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<Shipment | null>(null);
  const ship = useShip(order);
  const lines = order.lines.filter((l) => open(l, warehouse) > 0);

  const close = () => {
    ship.reset();
    setDone(null);
    setProblems([]);
    onClose();
  };
  const chooseWarehouse = (w: WarehouseCode) => {
    setWarehouse(w);
    setQty(allOpen(order, w));
  };
  const submit = () => {
    const { chosen, over } = chosenLines(lines, qty, (l) => open(l, warehouse), (l) => `Line ${l.lineNo} has only ${open(l, warehouse)} open at ${WAREHOUSE_LABELS[warehouse]}`);
    if (chosen.length === 0) over.push('Enter a quantity for at least one line');
    if (carrier !== 'pickup' && carrier !== 'other' && !tracking.trim()) over.push('Enter the tracking number');
    const parsed = shipBody.safeParse({ warehouse, carrier, trackingNumber: tracking, lines: chosen });
    const all = [...over, ...(parsed.success ? [] : parsed.error.issues.map((i) => i.message))];
    setProblems(all);
    if (all.length || !parsed.success) return;
    ship.mutate(parsed.data, {
      onSuccess: (s) => {
        setDone(s);
        notify('green', `Shipment ${s.shipmentNum} created with invoice ${s.invoiceNum}`);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={`Ship order ${order.orderNum}`} size="lg" fullScreen={false}>
      {done ? (
        <Stack>
          <Alert color="green" title={`Shipment ${done.shipmentNum} created`} role="status">
            {done.lines.reduce((n, l) => n + l.qty, 0)} units from {WAREHOUSE_LABELS[done.warehouse]} by {CARRIER_LABELS[done.carrier]}{' '}
            {done.trackingUrl ? (
              <Anchor href={done.trackingUrl} target="_blank" rel="noopener noreferrer">
                {done.trackingNumber}
              </Anchor>
            ) : (
              done.trackingNumber
            )}
            ; invoice {done.invoiceNum}.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <SchemaForm onSubmit={submit}>
          <Stack>
            <Group grow align="flex-start">
              <Select
                label="Warehouse"
                data={[
                  { value: 'west', label: 'West' },
                  { value: 'east', label: 'East' },
                ]}
                value={warehouse}
                allowDeselect={false}
                disabled={fixed !== null}
                description={fixed ? `You ship from ${WAREHOUSE_LABELS[fixed]} only` : undefined}
                onChange={(v) => v && chooseWarehouse(v as WarehouseCode)}
              />
              <Select label="Carrier" data={CARRIERS.map((c) => ({ value: c, label: CARRIER_LABELS[c] }))} value={carrier} allowDeselect={false} onChange={(v) => v && setCarrier(v as ShipBody['carrier'])} />
            </Group>
            <TextInput label="Tracking number" value={tracking} onChange={(e) => setTracking(e.currentTarget.value)} maxLength={60} autoComplete="off" data-autofocus />
            {lines.length === 0 ? (
              <Text size="sm">Nothing is open to ship from {WAREHOUSE_LABELS[warehouse]}.</Text>
            ) : (
              <LineQuantitiesTable lines={lines} limit={(l) => open(l, warehouse)} limitLabel="Open" verb="ship" qty={qty} onChange={setQty} />
            )}
            <FormProblems problems={problems} />
            <ActionError error={ship.error} onReload={onReload} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Close
              </Button>
              <Button type="submit" loading={ship.isPending} disabled={lines.length === 0}>
                Ship
              </Button>
            </Group>
          </Stack>
        </SchemaForm>
      )}
    </Modal>
  );
}
