import { dollars, type ShippingCode, type ShippingOption } from '../../contract/cart';
import type { TaxBasis } from './tables';

/**
 * How an order or a cart is taxed (decision 0042). Tax belongs to money/, which orders/ may not
 * import: the shop's context hands orders/ a `TaxTermsSource` (money's TaxService), and orders/
 * keeps the terms an order was placed with on the order itself.
 */
export interface TaxTerms {
  basis: TaxBasis;
  /** Parts per million; null when no tax is collected (another state, or an exempt buyer). */
  ratePpm: number | null;
  shippingTaxable: boolean;
  /** The ship-to's state. */
  state: string;
  /** The rate table's version ('' when no rate applied). */
  version: string;
  /** The accepted certificate that exempts the order. */
  certificateId: number | null;
}

export interface TaxedDocument {
  lineTaxCents: number[];
  shippingTaxCents: number;
  taxCents: number;
}

export interface TaxTermsSource {
  /** The terms for goods `customerId` ships to `to` today. `db`: inside a caller's transaction. */
  termsFor(customerId: number, to: { state: string; zip: string }, db?: unknown): Promise<TaxTerms>;
  /**
   * The same for a cart's answer, from what its one read found: the buyer's accepted certificates
   * (no query for them), the rate table as read at most a second ago (`db`: inside a cart change, its transaction).
   */
  termsForCart(to: { state: string; zip: string }, certificates: readonly { id: number; state: string; expiresOn: string }[], db?: unknown): Promise<TaxTerms>;
  /** The tax of a document (a cart, an order, an invoice) under `terms`: per line, rounded half up. */
  taxOf(doc: { lineCents: readonly number[]; discountCents: number; shippingCents: number }, terms: TaxTerms): TaxedDocument;
}

/** The terms an order row was placed with. */
export function orderTaxTerms(row: { tax_basis: TaxBasis; tax_rate_ppm: number | null; tax_shipping: number | string; tax_state: string; tax_version: string; tax_certificate_id: number | null }): TaxTerms {
  return {
    basis: row.tax_basis,
    ratePpm: row.tax_rate_ppm === null ? null : Number(row.tax_rate_ppm),
    shippingTaxable: Number(row.tax_shipping) === 1,
    state: row.tax_state,
    version: row.tax_version,
    certificateId: row.tax_certificate_id === null ? null : Number(row.tax_certificate_id),
  };
}

/** The order columns of `terms`. */
export function taxTermsColumns(terms: TaxTerms) {
  return {
    tax_basis: terms.basis,
    tax_rate_ppm: terms.ratePpm,
    tax_shipping: terms.shippingTaxable ? 1 : 0,
    tax_state: terms.state,
    tax_version: terms.version,
    tax_certificate_id: terms.certificateId,
  };
}

/** Shipping options as answers give them: each at its price, with the sales tax on that price where shipping is taxed. */
export function shippingOptionsTaxed(
  rates: readonly { code: ShippingCode; name: string; description: string; amountCents: number; estimatedDays: number }[],
  tax: TaxTermsSource,
  terms: TaxTerms,
): ShippingOption[] {
  return rates.map((r) => ({
    code: r.code,
    name: r.name,
    description: r.description,
    amount: dollars(r.amountCents),
    estimatedDays: r.estimatedDays,
    tax: dollars(tax.taxOf({ lineCents: [], discountCents: 0, shippingCents: r.amountCents }, terms).shippingTaxCents),
  }));
}
