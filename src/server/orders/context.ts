import type { CustomersContext } from '../customers';
import type { AdminOrderReader } from './admin-order';
import type { CartService } from './cart/service';
import type { DocumentService } from './documents/service';
import type { OrderService } from './service';

/** The services of orders/ on top of customers'. */
export interface OrdersContext extends CustomersContext {
  cart: CartService;
  orders: OrderService;
  /** The staff's view of orders, read outside transactions with their unchanged parts kept. */
  adminOrders: AdminOrderReader;
  /** Pick lists, packing slips and invoices as PDF. */
  documents: DocumentService;
}
