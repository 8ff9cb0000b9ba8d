import type { Generated } from 'kysely';

/** Row types of the cart and coupon tables (migration 2026-11-21T13-00-cart-orders). */
export interface CartTable {
  customer_id: number;
  comments: Generated<string>;
  /** '' = the billing address. */
  ship_to_code: Generated<string>;
  updated_at: string;
}

export interface CartLineTable {
  customer_id: number;
  item_num: string;
  qty: number;
  added_at: string;
}

export type CouponKind = 'percent' | 'fixed' | 'free_shipping';

export interface CouponTable {
  id: Generated<number>;
  code: string;
  name: string;
  kind: CouponKind;
  percent_off: Generated<number>;
  amount_off_cents: Generated<number>;
  minimum_cents: Generated<number>;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: Generated<number>;
  active: Generated<number>;
  created_at: string;
  /** Moves by one with every edit in the back office (migration 2026-11-26T00-20-content-admin). */
  version: Generated<number>;
}

export interface CartCouponTable {
  customer_id: number;
  coupon_id: number;
  added_at: string;
}

export interface CouponRedemptionTable {
  id: Generated<number>;
  coupon_id: number;
  customer_id: number;
  order_id: number;
  code: string;
  name: string;
  discount_cents: number;
  created_at: string;
}

declare module '../../platform/db/schema' {
  interface DB {
    carts: CartTable;
    cart_lines: CartLineTable;
    coupons: CouponTable;
    cart_coupons: CartCouponTable;
    coupon_redemptions: CouponRedemptionTable;
  }
}
