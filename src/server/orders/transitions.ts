import type { OrderAction, OrderStatus } from '../../contract/admin/orders';

/**
 * The order lifecycle's rules (DESIGN.md §5 "Orders"), pure: which action each status allows and
 * which status follows. Every change of an order (the admin's actions, a buyer's cancel) asks here
 * first; the admin order's `actions` come from here too, so the buttons and the checks agree.
 *
 *   received → accepted → partially_shipped → shipped → closed
 *   received / accepted ↔ on_hold;  cancel from received, accepted, on_hold, partially_shipped
 *   nothing leaves cancelled or closed
 */

/** Units of the order by where they are, summed over its lines. */
export interface OrderUnits {
  /** Open (allocated, not shipped) at West plus East. */
  open: number;
  backordered: number;
  shipped: number;
}

const FROM: Record<OrderAction, readonly OrderStatus[]> = {
  accept: ['received'],
  hold: ['received', 'accepted'],
  release: ['on_hold'],
  ship: ['accepted', 'partially_shipped'],
  cancel: ['received', 'accepted', 'on_hold', 'partially_shipped'],
};

/** Whether `status` allows `action` at all (quantities aside). */
export function allows(status: OrderStatus, action: OrderAction): boolean {
  return FROM[action].includes(status);
}

/**
 * An order whose every unit is shipped or cancelled is `shipped` if anything shipped, else
 * `cancelled`; otherwise it keeps `status`.
 */
export function settle(status: OrderStatus, units: OrderUnits): OrderStatus {
  if (units.open + units.backordered > 0) return status;
  return units.shipped > 0 ? 'shipped' : 'cancelled';
}

/**
 * The status after `action`, given the order's units AFTER its lines changed; null when the
 * status does not allow the action. `heldFrom` is the status an order on hold goes back to.
 */
export function statusAfter(status: OrderStatus, action: OrderAction, units: OrderUnits, heldFrom: OrderStatus | null = null): OrderStatus | null {
  if (!allows(status, action)) return null;
  switch (action) {
    case 'accept':
      return 'accepted';
    case 'hold':
      return 'on_hold';
    case 'release':
      return heldFrom === 'accepted' ? 'accepted' : 'received';
    case 'ship':
      return settle('partially_shipped', units);
    case 'cancel':
      return settle(status, units);
  }
}

/** What the admin order offers: the status allows it and there is something to act on. */
export function availableActions(status: OrderStatus, units: OrderUnits): OrderAction[] {
  return (Object.keys(FROM) as OrderAction[]).filter((action) => {
    if (!allows(status, action)) return false;
    if (action === 'ship') return units.open > 0;
    if (action === 'cancel') return units.open + units.backordered > 0;
    return true;
  });
}
