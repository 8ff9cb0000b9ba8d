import { INVOICE_DUE_DAYS, INVOICE_TERMS } from '../../../contract/order-lifecycle';
import type { SeededRandom } from '../../catalogue';
import { addDays, invoiceAmounts } from '../../money';
import type { OrderRows, Sequences, SyntheticItem } from './synthetic-types';

/**
 * The shipments and invoices of one synthetic order, with the lifecycle's own invoice rules
 * (`invoiceAmounts`: shipping on the first, the discount spread by merchandise on the running
 * total), so a fully shipped order's invoices add up to its total to the cent.
 */

export type Warehouse = 'west' | 'east';

export interface Line {
  item: SyntheticItem;
  qty: number;
  west: number;
  east: number;
  backordered: number;
  shipped: number;
  cancelled: number;
}

export interface Shipped {
  warehouse: Warehouse;
  lines: { lineNo: number; qty: number }[];
  /** Backordered units shipped once they came in: a few days after the rest. */
  later: boolean;
}

export interface ShipmentInput {
  rng: SeededRandom;
  seq: Sequences;
  orderId: number;
  customerId: number;
  lines: readonly Line[];
  shipped: readonly Shipped[];
  subtotal: number;
  discount: number;
  shippingCents: number;
  paid: boolean;
  /** ISO time `days` after the order was placed (never in the future). */
  at: (days: number) => string;
}

const CARRIERS = ['ups', 'ups', 'ups', 'fedex', 'fedex', 'usps'] as const;
const CARRIER_NAMES: Record<string, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS' };
const ALNUM = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';

function trackingNumber(rng: SeededRandom, carrier: string): string {
  const chars = (n: number, from: string) => Array.from({ length: n }, () => from[rng.int(0, from.length - 1)]).join('');
  if (carrier === 'ups') return `1Z${chars(16, ALNUM)}`;
  if (carrier === 'fedex') return chars(12, '0123456789');
  return `9400${chars(18, '0123456789')}`;
}

export function shipmentRows(input: ShipmentInput): { rows: Pick<OrderRows, 'shipments' | 'shipmentLines' | 'invoices' | 'invoiceLines'>; events: [string, string, string, string, number][] } {
  const { rng, seq, lines } = input;
  const rows = { shipments: [] as unknown[][], shipmentLines: [] as unknown[][], invoices: [] as unknown[][], invoiceLines: [] as unknown[][] };
  const events: [string, string, string, string, number][] = [];
  const money = { subtotalCents: input.subtotal, discountCents: input.discount, shippingCents: input.shippingCents };
  const before = { count: 0, merchandiseCents: 0, discountCents: 0 };
  for (const s of input.shipped) {
    const shipmentId = seq.shipmentId++;
    const shipmentNum = seq.shipmentNum++;
    const invoiceId = seq.invoiceId++;
    const invoiceNum = seq.invoiceNum++;
    const carrier = rng.pick(CARRIERS);
    const tracking = trackingNumber(rng, carrier);
    const shippedAt = input.at(s.later ? rng.int(5, 20) : 1 + rng.next() * 3);
    const actor = `Warehouse: ${s.warehouse === 'west' ? 'Walt Warehouse' : 'Erin East'}`;
    rows.shipments.push([shipmentId, shipmentNum, input.orderId, s.warehouse, carrier, tracking, shippedAt, actor]);

    let merch = 0;
    for (const { lineNo, qty } of s.lines) {
      const item = lines[lineNo - 1]!.item;
      rows.shipmentLines.push([shipmentId, lineNo, qty]);
      rows.invoiceLines.push([invoiceId, lineNo, item.num, item.title, qty, item.priceCents, qty * item.priceCents]);
      merch += qty * item.priceCents;
    }
    const amounts = invoiceAmounts(money, before, merch);
    before.count++;
    before.merchandiseCents += merch;
    before.discountCents += amounts.discountCents;
    const date = shippedAt.slice(0, 10);
    rows.invoices.push([
      invoiceId, invoiceNum, input.orderId, shipmentId, input.customerId, date, addDays(date, INVOICE_DUE_DAYS),
      amounts.subtotalCents, amounts.discountCents, amounts.shippingCents, amounts.totalCents, input.paid ? 'paid' : 'open', INVOICE_TERMS, shippedAt,
    ]);
    const units = s.lines.reduce((n, l) => n + l.qty, 0);
    events.push([shippedAt, actor, 'shipped', `Shipment ${shipmentNum}: ${units} units from ${s.warehouse === 'west' ? 'West' : 'East'}, ${CARRIER_NAMES[carrier]} ${tracking}`, 1]);
    events.push([shippedAt, 'System', 'invoiced', `Invoice ${invoiceNum}`, 0]);
  }
  return { rows, events };
}
