/** Spreads `amount` over the open invoices, oldest due first (the dialog's first suggestion). */
export function oldestFirst(amountCents: number, open: readonly { invoiceNum: number; open: number }[]): Record<number, number> {
  let left = amountCents;
  const out: Record<number, number> = {};
  for (const i of open) {
    const take = Math.min(left, Math.round(i.open * 100));
    out[i.invoiceNum] = take / 100;
    left -= take;
  }
  return out;
}
