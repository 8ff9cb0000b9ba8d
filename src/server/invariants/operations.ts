import type { SeededRandom } from '../catalogue/demo/random';
import type { Answer, Buyer, Caller, Staff } from './http';
import type { InvariantShop } from './setup';
import { csvWithNewPrice } from './csv-edit';

/**
 * The invariant driver's operations: what buyers and staff do, through the HTTP API, with random
 * items, quantities and orders. Each records every answer in the tally with the statuses it may
 * get (a refusal the shop should give, a conflict with another client); anything else (a 5xx, a
 * 2xx where a refusal was due) is unexpected. A staff change answered 2xx is counted by its audit
 * action, for the checker to find its audit row.
 */

export class Tally {
  readonly statuses = new Map<string, Map<number, number>>();
  readonly staffChanges = new Map<string, number>();
  readonly unexpected: string[] = [];
  operations = 0;

  record(kind: string, answer: Answer, expected: readonly number[], audit?: string): Answer {
    const byStatus = this.statuses.get(kind) ?? new Map<number, number>();
    byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
    this.statuses.set(kind, byStatus);
    if (!expected.includes(answer.status) && this.unexpected.length < 50) this.unexpected.push(`${kind}: ${answer.status} ${answer.text.slice(0, 200)}`);
    if (audit && answer.status >= 200 && answer.status < 300) this.staffChanges.set(audit, (this.staffChanges.get(audit) ?? 0) + 1);
    return answer;
  }
}

/** Orders placed during the run, shared by every client. */
export interface OrderBook {
  orders: { orderNum: number; customerId: number }[];
  payments: number[];
  /** Returns asked for during the run (decision 0037). */
  returns: number[];
}

export interface OpContext {
  shop: InvariantShop;
  rng: SeededRandom;
  /** This client's buyer. */
  buyer: Buyer;
  book: OrderBook;
  tally: Tally;
}

type Op = (c: OpContext) => Promise<void>;

const WAREHOUSES = ['west', 'east'] as const;
const dollars = (cents: number) => Math.round(cents) / 100;
const cents = (amount: number) => Math.round(amount * 100);

/** A staff member for a warehouse job: at West, now and then the West-only warehouse member. */
const forWarehouse = (c: OpContext, w: 'west' | 'east'): Staff => (w === 'west' && c.rng.chance(0.4) ? c.shop.westWarehouse : c.shop.owner);

/** A recent order (recent ones are still moving), or one of a status from the orders list. */
async function pickOrder(c: OpContext, status?: string): Promise<number | null> {
  if (status && c.rng.chance(0.7)) {
    const res = c.tally.record('orders list', await c.shop.owner.call('GET', `/Orders?status=${status}&pageSize=50`), [200]);
    const items = (res.body?.items ?? []) as { orderNum: number }[];
    if (items.length > 0) return c.rng.pick(items).orderNum;
  }
  const { orders } = c.book;
  if (orders.length === 0) return null;
  return orders[Math.max(0, orders.length - 1 - Math.floor(c.rng.next() ** 2 * Math.min(orders.length, 60)))]!.orderNum;
}

async function adminOrder(c: OpContext, orderNum: number): Promise<any> {
  const res = c.tally.record('order read', await c.shop.owner.call('GET', `/Orders/${orderNum}`), [200]);
  return res.status === 200 ? res.body : null;
}

async function emptyCart(c: OpContext): Promise<void> {
  const cart = c.tally.record('cart read', await c.buyer.call('GET', '/Shop/GetShoppingCart'), [200]);
  for (const line of (cart.body?.items ?? []) as { invNum: string }[]) {
    c.tally.record('cart delete', await c.buyer.call('DELETE', `/Shop/DeleteCartItem/${line.invNum}`), [200, 404]);
  }
}

const checkout: Op = async (c) => {
  for (const invNum of c.rng.sample(c.shop.items, c.rng.int(1, 3))) {
    // A hidden item is refused (400), a discontinued one is not found (404): the cart keeps the others.
    c.tally.record('cart add', await c.buyer.call('POST', `/Shop/AddItem?InvNum=${invNum}&qty=${c.rng.int(1, 8)}`), [200, 400, 404]);
  }
  if (c.rng.chance(0.2)) c.tally.record('coupon', await c.buyer.call('POST', `/Shop/AddCoupon/${c.rng.pick(['WELCOME10', 'SAVE25', 'FREESHIP'])}`), [200, 400, 404, 409, 429]);
  const shippingOption = c.rng.pick(['ground', 'ground', '2day', 'willcall-west', 'willcall-east']);
  const res = c.tally.record('checkout', await c.buyer.call('POST', '/Shop/Checkout', { shipToCode: '', shippingOption }), [201, 400, 409]);
  if (res.status === 201) c.book.orders.push({ orderNum: res.body.orderNum ?? res.body.orderNumber, customerId: c.buyer.customerId });
  else await emptyCart(c);
};

const buyerCancel: Op = async (c) => {
  const own = c.book.orders.filter((o) => o.customerId === c.buyer.customerId);
  if (own.length === 0) return;
  const { orderNum } = own[own.length - 1 - Math.floor(c.rng.next() * Math.min(own.length, 5))]!;
  c.tally.record('buyer cancel', await c.buyer.call('POST', `/Shop/CancelOrder/${orderNum}`), [200, 409]);
};

const simple = (action: 'Accept' | 'Hold' | 'Release', from: string): Op => async (c) => {
  const orderNum = await pickOrder(c, from);
  if (orderNum === null) return;
  const body = action === 'Hold' ? { reason: 'Checking the address' } : undefined;
  c.tally.record(action.toLowerCase(), await c.shop.owner.call('POST', `/Orders/${orderNum}/${action}`, body), [200, 409], `order.${action.toLowerCase()}`);
};

const ship = (part: boolean): Op => async (c) => {
  const w = c.rng.pick(WAREHOUSES);
  // Mostly an order with units open at that warehouse (the orders list's own filter).
  const orderNum = await pickOrder(c, `${c.rng.chance(0.6) ? 'accepted' : 'partially_shipped'}&warehouse=${w}`);
  if (orderNum === null) return;
  const body: Record<string, unknown> = { warehouse: w, carrier: c.rng.pick(['ups', 'fedex', 'usps']), trackingNumber: `INV${c.rng.int(1000, 9999)}` };
  let headers: Record<string, string> | undefined;
  if (part) {
    const order = await adminOrder(c, orderNum);
    const open = ((order?.lines ?? []) as { lineNo: number; openWest: number; openEast: number }[]).filter((l) => (w === 'west' ? l.openWest : l.openEast) > 0);
    if (open.length === 0) return;
    const line = c.rng.pick(open);
    body.lines = [{ lineNo: line.lineNo, qty: c.rng.int(1, w === 'west' ? line.openWest : line.openEast) }];
    // The version read with the lines: an edit that removed or changed the line meanwhile is a 409, as on the order page.
    headers = { 'if-match': String(order.version) };
  }
  c.tally.record(part ? 'ship part' : 'ship whole', await forWarehouse(c, w).call('POST', `/Orders/${orderNum}/Ship`, body, headers), [201, 409], 'order.ship');
};

const cancelLines: Op = async (c) => {
  const orderNum = await pickOrder(c, c.rng.pick(['received', 'accepted', 'partially_shipped', 'on_hold']));
  if (orderNum === null) return;
  const order = await adminOrder(c, orderNum);
  const open = ((order?.lines ?? []) as { lineNo: number; openWest: number; openEast: number; backordered: number }[]).filter((l) => l.openWest + l.openEast + l.backordered > 0);
  if (open.length === 0) return;
  const line = c.rng.pick(open);
  const body = { reason: 'Customer changed the order', lines: [{ lineNo: line.lineNo, qty: c.rng.int(1, line.openWest + line.openEast + line.backordered) }] };
  // With the version read: an edit that removed or changed the line meanwhile is a 409.
  c.tally.record('cancel lines', await c.shop.owner.call('POST', `/Orders/${orderNum}/Cancel`, body, { 'if-match': String(order!.version) }), [200, 409], 'order.cancel');
};

const cancelWhole: Op = async (c) => {
  const orderNum = await pickOrder(c, c.rng.pick(['received', 'accepted', 'on_hold']));
  if (orderNum === null) return;
  c.tally.record('cancel order', await c.shop.owner.call('POST', `/Orders/${orderNum}/Cancel`, { reason: 'Customer called' }), [200, 409], 'order.cancel');
};

/**
 * The order desk edits an order (decision 0036), with the version it read: a quantity of a line
 * nothing of which shipped (sometimes to 0), a line added, now and then another shipping option.
 * Refusals due: a hidden or discontinued item or one sold in multiples (400), a stale version, a
 * status that no longer allows it, a shipped line, an edit over the credit limit of a partly
 * shipped order (409).
 */
const editOrder: Op = async (c) => {
  const orderNum = await pickOrder(c, c.rng.pick(['received', 'accepted', 'partially_shipped', 'on_hold']));
  if (orderNum === null) return;
  const order = await adminOrder(c, orderNum);
  if (!order) return;
  const lines = (order.lines as { lineNo: number; qty: number; shipped: number; cancelled: number }[]).filter((l) => l.shipped === 0);
  const body: Record<string, unknown> = {};
  if (lines.length > 0 && c.rng.chance(0.7)) {
    const line = c.rng.pick(lines);
    const wanted = line.qty - line.cancelled;
    const qty = c.rng.chance(0.2) && order.lines.length > 1 ? 0 : Math.max(1, wanted + c.rng.int(-3, 4));
    if (qty !== wanted) body.lines = [{ lineNo: line.lineNo, qty }];
  }
  if (c.rng.chance(0.5)) body.add = [{ invNum: c.rng.pick(c.shop.items), qty: c.rng.int(1, 6) }];
  if (c.rng.chance(0.2)) body.shippingOption = c.rng.pick(['ground', '2day', 'willcall-west', 'willcall-east']);
  if (Object.keys(body).length === 0) body.poNumber = `EDIT-${c.rng.int(100, 999)}`;
  c.tally.record('edit order', await c.shop.owner.call('PATCH', `/Orders/${orderNum}`, body, { 'if-match': String(order.version) }), [200, 400, 409], 'order.edit');
};

const adjust = (setTo: boolean): Op => async (c) => {
  const w = c.rng.pick(WAREHOUSES);
  const invNum = c.rng.pick(c.shop.items);
  // Receipts outweigh damage, so orders keep shipping while buyers keep buying.
  const delta = c.rng.chance(0.3) ? -c.rng.int(1, 6) : c.rng.int(5, 40);
  let count = c.rng.int(0, 60);
  if (setTo && c.rng.chance(0.7)) {
    // A count near what the item has (a count below what is allocated is refused: 409).
    const now = c.tally.record('stock read', await c.shop.owner.call('GET', `/Stock/${invNum}`), [200]);
    count = Math.max(0, Number(now.body?.[w]?.onHand ?? 0) + c.rng.int(-5, 20));
  }
  const body = setTo ? { invNum, warehouse: w, setTo: count, reason: 'count', note: 'cycle count' } : { invNum, warehouse: w, delta, reason: delta > 0 ? 'received' : 'damaged', note: '' };
  c.tally.record(setTo ? 'adjust setTo' : 'adjust delta', await forWarehouse(c, w).call('POST', '/Stock/Adjust', body), [200, 409], 'stock.adjust');
};

const bulkCounts: Op = async (c) => {
  const rows = c.rng.sample(c.shop.items, c.rng.int(1, 4)).map((invNum) => ({ invNum, warehouse: c.rng.pick(WAREHOUSES), onHand: c.rng.int(0, 60) }));
  c.tally.record('bulk counts', await c.shop.owner.call('PUT', '/Stock', rows), [200], 'stock.bulk');
};

const itemEdit: Op = async (c) => {
  const num = c.rng.pick(c.shop.items);
  for (let attempt = 0; attempt < 6; attempt++) {
    const got = c.tally.record('item read', await c.shop.owner.call('GET', `/Items/${num}`), [200]);
    if (got.status !== 200) return;
    const editor = got.body as Record<string, unknown> & { web_Title: string };
    const title = `${editor.web_Title.replace(/ · \d+$/, '')} · ${c.rng.int(1, 999)}`;
    const { photos: _photos, ...rest } = editor;
    const res = c.tally.record('item edit', await c.shop.owner.call('PUT', `/Items/${num}`, { ...rest, web_Title: title }), [200, 409], 'item.update');
    if (res.status !== 409) return;
  }
};

const bulkPrice: Op = async (c) => {
  const nums = c.rng.sample(c.shop.items, c.rng.int(1, 3));
  const body = { nums, percent: c.rng.pick([-2, -1.5, 1.5, 2]), srp: true };
  c.tally.record('bulk price', await c.shop.owner.call('POST', '/Items/Bulk/Price?dryRun=0', body), [200], 'item.bulk-price');
};

const bulkStatus: Op = async (c) => {
  // Mostly back to active: a hidden item cannot be bought, and the run is about orders.
  const status = c.rng.chance(0.8) ? 'active' : c.rng.chance(0.7) ? 'hidden' : 'discontinued';
  c.tally.record('bulk status', await c.shop.owner.call('POST', '/Items/Bulk/Status', { nums: [c.rng.pick(c.shop.items)], status }), [200], 'item.bulk-status');
};

/** Export → one price changed → import, and wait for the import's job. */
const csvImport: Op = async (c) => {
  const num = c.rng.pick(c.shop.items);
  const exported = c.tally.record('csv export', await c.shop.owner.call('GET', `/Items/Export.csv?q=${num}`), [200]);
  if (exported.status !== 200) return;
  const edited = csvWithNewPrice(exported.text, num, (price) => Math.max(1, price + c.rng.pick([-1, 1]) * c.rng.int(1, 20)));
  if (!edited) return;
  // As a person would: the file is edited for a while, and stock moves meanwhile (the import must not put back the exported counts).
  await new Promise((r) => setTimeout(r, c.rng.int(0, 400)));
  const started = c.tally.record('csv import', await c.shop.owner.upload('/Items/Import?dryRun=0', { name: 'items.csv', text: edited }), [202, 400]);
  if (started.status !== 202) return;
  for (let i = 0; i < 600; i++) {
    const job = c.tally.record('csv import job', await c.shop.owner.call('GET', `/Items/Import/${started.body.jobId}`), [200]);
    if (job.status !== 200 || job.body.status === 'failed') return void c.tally.unexpected.push(`csv import job: ${job.text.slice(0, 200)}`);
    if (job.body.status === 'done') return void c.tally.staffChanges.set('item.import', (c.tally.staffChanges.get('item.import') ?? 0) + 1);
    await new Promise((r) => setTimeout(r, 100));
  }
  c.tally.unexpected.push(`csv import job ${started.body.jobId} did not finish in a minute`);
};

const payment: Op = async (c) => {
  const customerId = c.rng.pick(c.shop.buyers).customerId;
  const customer = c.tally.record('customer read', await c.shop.owner.call('GET', `/Customers/${customerId}`), [200]);
  const open = ((customer.body?.account?.openInvoices ?? []) as { invoiceNum: number; open: number }[]).filter((i) => i.open > 0);
  if (open.length === 0) return;
  const over = c.rng.chance(0.1);
  const applications = c.rng.sample(open, c.rng.int(1, 2)).map((i) => {
    const openCents = cents(i.open);
    const amount = over ? openCents + 1 : c.rng.chance(0.7) ? openCents : c.rng.int(1, openCents);
    return { invoiceNum: i.invoiceNum, amount: dollars(amount) };
  });
  const amount = dollars(applications.reduce((s, a) => s + cents(a.amount), 0));
  const body = { customerId, amount, method: c.rng.pick(['cheque', 'transfer']), reference: `INV-${c.rng.int(1, 99999)}`, applications };
  // Another client may have paid the same invoice meanwhile: more than is open is refused (400).
  const res = c.tally.record(over ? 'payment over' : 'payment', await c.shop.owner.call('POST', '/Payments', body), over ? [400] : [201, 400], 'payment.record');
  if (res.status === 201) c.book.payments.push(res.body.id);
};

const returnCheque: Op = async (c) => {
  if (c.book.payments.length === 0) return;
  const id = c.rng.pick(c.book.payments);
  c.tally.record('returned cheque', await c.shop.owner.call('POST', `/Payments/${id}/Return`), [200, 409], 'payment.return');
};

/** The buyer asks back some shipped units of an own order (more than is left to return: 400). */
const requestReturn: Op = async (c) => {
  const own = c.book.orders.filter((o) => o.customerId === c.buyer.customerId);
  if (own.length === 0) return;
  // Up to three of the buyer's last ten orders, until one has shipped units: which ones have
  // shipped by now depends on how the clients' operations interleaved, not only on the seed.
  const tried = c.rng.sample(own.slice(-10), 3);
  let found: { orderNum: number; shipped: { lineNo: number; shipped: number }[] } | null = null;
  for (const { orderNum } of tried) {
    const order = c.tally.record('buyer order read', await c.buyer.call('GET', `/Shop/GetOrder/${orderNum}`), [200]);
    // By the line numbers the order gives: an edit may have removed a line before them.
    const shipped = ((order.body?.lines ?? []) as { lineNo: number; shipped: number }[]).filter((l) => l.shipped > 0);
    if (shipped.length > 0) {
      found = { orderNum, shipped };
      break;
    }
  }
  if (!found) return;
  const { orderNum, shipped } = found;
  const line = c.rng.pick(shipped);
  const body = { lines: [{ lineNo: line.lineNo, qty: c.rng.int(1, line.shipped), reason: c.rng.pick(['damaged', 'wrong_item', 'not_needed', 'other']) }], note: '' };
  const res = c.tally.record('return request', await c.buyer.call('POST', `/Shop/RequestReturn/${orderNum}`, body), [201, 400]);
  if (res.status === 201) c.book.returns.push(res.body.rmaNum);
};

/** Staff approve, reject or receive a return (receiving restocks, raises the credit memo and applies it). */
const handleReturn: Op = async (c) => {
  if (c.book.returns.length === 0) return;
  const rma = c.rng.pick(c.book.returns.slice(-20));
  const roll = c.rng.next();
  if (roll < 0.2) return void c.tally.record('return approve', await c.shop.owner.call('POST', `/Returns/${rma}/Approve`), [200, 409], 'return.approve');
  if (roll < 0.3) return void c.tally.record('return reject', await c.shop.owner.call('POST', `/Returns/${rma}/Reject`, { reason: 'Past the return window' }), [200, 409], 'return.reject');
  const got = c.tally.record('return read', await c.shop.owner.call('GET', `/Returns/${rma}`), [200]);
  const lines = ((got.body?.lines ?? []) as { lineNo: number; qty: number }[]).map((l) => {
    const qty = c.rng.int(1, l.qty);
    const scrap = c.rng.chance(0.3) ? c.rng.int(0, qty - 1) : 0;
    return [{ lineNo: l.lineNo, qty: qty - scrap, disposition: 'restock' }, ...(scrap > 0 ? [{ lineNo: l.lineNo, qty: scrap, disposition: 'scrap' }] : [])];
  });
  if (lines.length === 0) return;
  const body = { warehouse: c.rng.pick(WAREHOUSES), lines: lines.flat(), creditShipping: c.rng.chance(0.3) };
  c.tally.record('return receive', await c.shop.owner.call('POST', `/Returns/${rma}/Receive`, body), [200, 409], 'return.receive');
};

/** Operations and their weights. */
export const OPERATIONS: readonly { name: string; weight: number; run: Op }[] = [
  { name: 'checkout', weight: 22, run: checkout },
  { name: 'buyer cancel', weight: 4, run: buyerCancel },
  { name: 'accept', weight: 10, run: simple('Accept', 'received') },
  { name: 'hold', weight: 3, run: simple('Hold', 'accepted') },
  { name: 'release', weight: 4, run: simple('Release', 'on_hold') },
  { name: 'ship whole', weight: 6, run: ship(false) },
  { name: 'ship part', weight: 7, run: ship(true) },
  { name: 'cancel lines', weight: 6, run: cancelLines },
  { name: 'cancel order', weight: 2, run: cancelWhole },
  { name: 'edit order', weight: 5, run: editOrder },
  { name: 'adjust delta', weight: 6, run: adjust(false) },
  { name: 'adjust setTo', weight: 3, run: adjust(true) },
  { name: 'bulk counts', weight: 4, run: bulkCounts },
  { name: 'item edit', weight: 6, run: itemEdit },
  { name: 'bulk price', weight: 3, run: bulkPrice },
  { name: 'bulk status', weight: 3, run: bulkStatus },
  { name: 'csv import', weight: 2, run: csvImport },
  { name: 'payment', weight: 7, run: payment },
  { name: 'returned cheque', weight: 1, run: returnCheque },
  { name: 'return request', weight: 3, run: requestReturn },
  { name: 'return handling', weight: 3, run: handleReturn },
];

export function pickOperation(rng: SeededRandom): { name: string; run: Op } {
  const total = OPERATIONS.reduce((s, o) => s + o.weight, 0);
  let roll = rng.next() * total;
  for (const op of OPERATIONS) {
    roll -= op.weight;
    if (roll < 0) return op;
  }
  return OPERATIONS[0]!;
}

export type { Caller };
