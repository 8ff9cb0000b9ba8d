import type { CartAvailability } from '../../../contract/cart-availability';
import type { AccountService } from '../../customers';
import { resolveDestination } from '../cart/destination';
import type { CartService } from '../cart/service';
import type { SignedInCustomer } from '../../platform/http/auth-context';
import type { InventoryLookupService } from '../../catalogue';
import { allocateStock, nearestWarehouse } from '../../stock';

/** Where the cart's lines would ship from, by checkout's own rule (allocateStock), without taking any stock. */
export class CartAvailabilityService {
  constructor(
    private readonly cart: CartService,
    private readonly accounts: AccountService,
    private readonly lookup: InventoryLookupService,
  ) {}

  async forCart(who: SignedInCustomer): Promise<CartAvailability> {
    const [cart, customer] = await Promise.all([this.cart.view(who), this.accounts.customer(who.id)]);
    // A ship-to deleted since it was chosen: the billing address, as shipping options do.
    const known = cart.shipToCode === '' || customer.shipTo.some((s) => s.code === cart.shipToCode);
    const destination = resolveDestination(customer, known ? cart.shipToCode : '');
    const nearest = nearestWarehouse(destination.state);
    const stock = await this.lookup.stockedItems(cart.items.map((i) => i.invNum), null);
    return {
      shipToCode: cart.shipToCode,
      destination: [destination.city, destination.state].filter(Boolean).join(', '),
      nearest,
      lines: cart.items.map((i) => {
        const s = stock.get(i.invNum);
        return { invNum: i.invNum, qty: i.ordQty, ...allocateStock(i.ordQty, { west: s?.availableWest ?? 0, east: s?.availableEast ?? 0 }, nearest) };
      }),
    };
  }
}
