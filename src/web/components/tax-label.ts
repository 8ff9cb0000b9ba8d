import type { TaxBasis } from '../../contract/cart';
import { money } from './money';

/**
 * The sales tax line of a cart, a review, an order (decision 0042): "Sales tax (7.25%)" and its
 * amount; "Exempt" with a resale certificate on file for the ship-to's state; no line where the
 * shop collects no tax (null).
 */
export function salesTaxLine(tax: { taxRate: number | null; taxBasis: TaxBasis }, amount: number): { label: string; value: string } | null {
  if (tax.taxBasis === 'no_nexus') return null;
  if (tax.taxBasis === 'exempt') return { label: 'Sales tax', value: 'Exempt' };
  return { label: tax.taxRate === null ? 'Sales tax' : `Sales tax (${tax.taxRate}%)`, value: money(amount) };
}
