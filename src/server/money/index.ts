/**
 * The money module's public face (DESIGN.md §6): what other modules and flows/ may use. It owns
 * invoices and their lines, payments, their applications, account charges and credit memos.
 */
export { balanceOf, invoicedDueOf, onOpenOrdersOf } from './account-math';
export {
  billToLines,
  creditMemoParts,
  type CreditMemoDetail,
  creditMemoByNum,
  type CreditMemoPlan,
  type CreditMemoRow,
  creditMemosOfCustomer,
  creditMemosOfReturns,
  creditableShipping,
  type IssuedCreditMemo,
  issueCreditMemo,
  planCreditMemo,
} from './credit-memos';
export { renderCreditMemo } from './credit-memo-pdf';
export { finishInvoiceSeed, seedInvoiceRows } from './demo-seed';
export { addDays, invoiceAmounts } from './invoice-amounts';
export { createInvoice, planInvoice } from './invoices';
export { taxDocument } from './tax/compute';
export { balancePartsOf, closedOrders, CREDIT_HOLD, invoiceCtes, invoicedBefore, settledOrders } from './queries';
export type { Db } from './queries';
export { MoneyService } from './service';
export type { OrderClosing } from './service';
export type { MoneyContext } from './context';
export { moneyModule } from './manifest';
