/**
 * The orders module's public face (DESIGN.md §6): what other modules and flows/ may use. It owns
 * carts, coupons, orders and their lines, events, counts, shipments; documents (pick list, packing
 * slip). Other modules import from here only, tests also from testing.ts.
 */
export { AdminOrderReader, type EditedParts, placedAdminOrder, readAdminOrder } from './admin-order';
export { seedDemoCoupons } from './cart/demo-coupons';
export { resolveDestination } from './cart/destination';
export { redeemCoupons } from './cart/queries';
export { CartService } from './cart/service';
export type { CouponRule } from './cart/coupons';
export { shippingRates } from './cart/shipping-rates';
export { noteOrderChanged, orderFeedCte } from './change-feed';
export { orderConfirmationMail } from './confirmation-mail';
export { applyCountMoves, countKeys, countNewOrder, countNewOrderCte, readCounts } from './counts';
export type { CountMoves } from './counts';
export { finishOrderSeed, seedOrderRows } from './demo-seed';
export { renderStatement } from './documents/statement-pdf';
export type { StatementData } from './documents/types';
export { cancelledMail, heldMail, shippedMail } from './lifecycle-mails';
export { editedMail } from './edit-mail';
export { hasFreeShippingCoupon, nextLineNo, rewriteOrderLines } from './order-edit-queries';
export type { EditedHeader, EditedLine, EditedOrder } from './order-edit-queries';
export { allocateBackordered, insertShipment, returnCouponUses, setLineQuantities, shipmentCtes, wasAccepted } from './lifecycle-queries';
export type { LineQuantities } from './lifecycle-queries';
export { planCancel, planShipment } from './line-changes';
export type { Moved, MovedLine, Released } from './line-changes';
export { toOrder } from './order-json';
export { addOrderEvent, addOrderEvents, lockOrder, lockOrderToEdit, orderEventsCte, saveOrderState, saveOrderSums, sumsMovedBy } from './order-state';
export type { LineSums, OrderBuyer, OrderEventRow, OrderMoney, OrderPlaced, OrderState, OrderSums } from './order-state';
export { NOTHING_INVOICED, originalTotalOf, taxJson, totalsAfterCancel, totalsJson } from './order-totals';
export { orderTaxTerms, shippingOptionsTaxed, type TaxedDocument, type TaxTerms, type TaxTermsSource, taxTermsColumns } from './tax-terms';
export type { OrderTotals } from './order-totals';
export { ordersCsv } from './orders-csv';
export {
  insertReturn,
  linesOfReturns,
  type LockedReturn,
  lockReturn,
  moveReturn,
  recordReceivedLines,
  type ReturnableLine,
  returnableLines,
  type ReturnLineRow,
  type ReturnListRow,
  returnNumbers,
  returnRow,
  returnsOfCustomer,
  returnsPage,
} from './returns/queries';
export { insertReturnPhoto, notePhotoAdded, photosAddedText, photosOfReturns, returnPhotoBytes, returnPhotoCount } from './returns/photos';
export { returnApprovedMail, returnReceivedMail, returnRejectedMail } from './returns/mails';
export { renderReturnSlip } from './returns/slip-pdf';
export { buyerName, insertOrderForCheckout, insertOrderLines, numberCheckoutOrder, lineAmounts, orderLines, orderNumOf, removeOrderedFromCart } from './queries';
export type { Db, OrderLineRow, OrderRow } from './queries';
export { OrderService } from './service';
export type { OrderStatusCode } from './tables';
export { trackingUrl } from './tracking';
export { allows, statusAfter } from './transitions';
export { type LockedOrder, lockOrdersForFill } from './fill-locks';
export type { OrdersContext } from './context';
export { ordersModule } from './manifest';
