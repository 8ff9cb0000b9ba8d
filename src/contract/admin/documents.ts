/** The documents (DESIGN.md §5): pick lists, packing slips and invoices as PDF. */

export const DOCUMENTS = {
  /** A pick list covers at most this many orders (the oldest first). */
  maxPickListOrders: 500,
} as const;

export const DOCUMENT_MESSAGES = {
  invoiceNotFound: (n: number) => `Invoice ${n} was not found`,
  shipmentNotFound: (n: number) => `Shipment ${n} was not found`,
  otherWarehouse: (warehouse: string) => `You work at the ${warehouse} warehouse only`,
} as const;

/** `inline; filename="invoice-500001.pdf"`: opens in the browser's viewer, saves under a clear name. */
export const pdfDisposition = (name: string) => `inline; filename="${name}.pdf"`;
