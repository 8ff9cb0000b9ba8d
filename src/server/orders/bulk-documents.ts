import { BULK_ORDER_MESSAGES as M, type BulkOrderResult, type BulkOrdersAnswer, type OrderDocument } from '../../contract/admin/order-bulk';
import { ORDER_STATUS_LABELS, type Warehouse } from '../../contract/order-lifecycle';
import type { Db } from './queries';

/**
 * Bulk Print and Invoice on the selected orders (issue 29): what exists for documents, gathered
 * per order (the pick list at one warehouse, packing slips, invoices), each order done or refused
 * with a reason. Reads only: the documents themselves are the existing PDF calls.
 */

const WAREHOUSE_NAMES: Record<Warehouse, string> = { west: 'West', east: 'East' };

interface Found {
  id: number;
  order_num: number;
  status_code: keyof typeof ORDER_STATUS_LABELS;
  open_west: number;
  open_east: number;
}

async function findOrders(db: Db, orderNums: readonly number[]): Promise<Map<number, Found>> {
  const rows = await db.selectFrom('orders').select(['id', 'order_num', 'status_code', 'open_west', 'open_east']).where('order_num', 'in', [...orderNums]).execute();
  return new Map(rows.map((r) => [r.order_num, r]));
}

const unique = (nums: readonly number[]) => [...new Set(nums)];

/** Print: the pick list of the selected orders with units to pick at `warehouse`, and each order's packing slips from there. */
export async function printDocuments(db: Db, orderNums: readonly number[], warehouse: Warehouse): Promise<BulkOrdersAnswer> {
  const nums = unique(orderNums);
  const found = await findOrders(db, nums);
  const ids = [...found.values()].map((o) => o.id);
  const shipments = ids.length
    ? await db.selectFrom('shipments').select(['order_id', 'shipment_num']).where('order_id', 'in', ids).where('warehouse', '=', warehouse).orderBy('id').execute()
    : [];
  const where = WAREHOUSE_NAMES[warehouse];
  const picked: number[] = [];
  const results = nums.map((orderNum): BulkOrderResult => {
    const o = found.get(orderNum);
    if (!o) return { orderNum, ok: false, error: M.notFound(orderNum) };
    const slips: OrderDocument[] = shipments
      .filter((s) => s.order_id === o.id)
      .map((s) => ({ label: `Packing slip ${s.shipment_num}`, path: `/Shipments/${s.shipment_num}/PackingSlip.pdf` }));
    const open = warehouse === 'west' ? o.open_west : o.open_east;
    const pickable = (o.status_code === 'accepted' || o.status_code === 'partially_shipped') && open > 0;
    if (pickable) picked.push(orderNum);
    if (!pickable && slips.length === 0) {
      const error =
        o.status_code === 'cancelled' ? M.cancelledNothingToPrint : o.status_code === 'received' ? M.notAcceptedYet : o.status_code === 'on_hold' ? M.onHold : M.nothingAt(where);
      return { orderNum, ok: false, statusCode: o.status_code, error };
    }
    const onList: OrderDocument[] = pickable ? [{ label: `Pick list ${where}`, path: pickListPath(warehouse, [orderNum]) }] : [];
    return { orderNum, ok: true, statusCode: o.status_code, documents: [...onList, ...slips] };
  });
  const pickList = picked.length ? { label: `Pick list ${where} (${picked.length} ${picked.length === 1 ? 'order' : 'orders'})`, path: pickListPath(warehouse, picked) } : null;
  return { results, pickList };
}

/** Invoice: each order's invoices (one is raised with each shipment); an order with none is refused. */
export async function invoiceDocuments(db: Db, orderNums: readonly number[]): Promise<BulkOrdersAnswer> {
  const nums = unique(orderNums);
  const found = await findOrders(db, nums);
  const ids = [...found.values()].map((o) => o.id);
  const invoices = ids.length ? await db.selectFrom('invoices').select(['order_id', 'invoice_num']).where('order_id', 'in', ids).orderBy('id').execute() : [];
  const results = nums.map((orderNum): BulkOrderResult => {
    const o = found.get(orderNum);
    if (!o) return { orderNum, ok: false, error: M.notFound(orderNum) };
    const documents = invoices.filter((i) => i.order_id === o.id).map((i) => ({ label: `Invoice ${i.invoice_num}`, path: `/Invoices/${i.invoice_num}.pdf` }));
    if (documents.length === 0) return { orderNum, ok: false, statusCode: o.status_code, error: o.status_code === 'cancelled' ? M.cancelledNoInvoice : M.noInvoiceYet };
    return { orderNum, ok: true, statusCode: o.status_code, documents };
  });
  return { results };
}

function pickListPath(warehouse: Warehouse, orderNums: readonly number[]): string {
  return `/PickList.pdf?warehouse=${warehouse}&orders=${orderNums.join(',')}`;
}
