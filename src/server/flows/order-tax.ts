import { taxDocument } from '../money';
import { type Db, lineAmounts, type OrderMoney, orderTaxTerms, type TaxTerms } from '../orders';

/**
 * The tax of what remains of an order after a cancel or an edit (decision 0042), at the order's
 * own rate: each remaining line on its amount less its share of the remaining discount, rounded
 * half up, plus the shipping's where taxed; never less than its invoices already billed. The
 * order as placed (and edited) is taxed the same way on all its units. An order taxed at no rate
 * reads nothing.
 */
export async function taxAfterChange(
  trx: Db,
  order: OrderMoney & { id: number },
  money: { placed: { discountCents: number; shippingCents: number }; remaining: { discountCents: number; shippingCents: number }; invoicedTaxCents: number },
  change: { terms?: TaxTerms; lines?: ReadonlyMap<number, { placedCents: number; remainingCents: number }>; added?: readonly number[] } = {},
): Promise<{ placedTaxCents: number; taxCents: number }> {
  const terms = change.terms ?? orderTaxTerms(order);
  if (terms.ratePpm === null || terms.ratePpm === 0) return { placedTaxCents: 0, taxCents: 0 };
  const rate = { ratePpm: terms.ratePpm, shippingTaxable: terms.shippingTaxable };
  const lines = (await lineAmounts(trx, order.id)).map((l) => change.lines?.get(l.line_no) ?? l);
  const added = change.added ?? [];
  const placed = taxDocument({ lineCents: [...lines.map((l) => l.placedCents), ...added], ...money.placed }, rate);
  const remaining = taxDocument({ lineCents: [...lines.map((l) => l.remainingCents), ...added], ...money.remaining }, rate);
  return { placedTaxCents: placed.taxCents, taxCents: Math.max(remaining.taxCents, money.invoicedTaxCents) };
}
