/** The spec's cart texts (§8), character for character: call defaults, screen messages, successes. */
export const CART_TEXTS = {
  fetchFailed: 'Failed to fetch cart',
  addFailed: 'Failed to add item',
  updateFailed: 'Failed to update item',
  deleteFailed: 'Failed to delete item',
  commentsFailed: 'Failed to update order comments',
  addCouponFailed: 'Failed to add coupon',
  deleteCouponFailed: 'Failed to delete coupon',
  shipToFailed: 'Failed to update shipping address',
  shippingOptionsFailed: 'Failed to get shipping options',
  checkoutFailed: 'Failed to checkout',
  screen: {
    updateCart: 'Failed to update cart',
    removeItem: 'Failed to remove item',
    applyCoupon: 'Failed to apply coupon',
    removeCoupon: 'Failed to remove coupon',
    addToCart: 'Failed to add item to cart',
    saveComments: 'Failed to save order comments',
  },
  success: {
    cartUpdated: 'Cart updated',
    itemRemoved: 'Item removed',
    couponApplied: 'Coupon applied',
    couponRemoved: 'Coupon removed',
    itemAdded: 'Item added to cart',
    commentsSaved: 'Order comments saved successfully',
  },
  empty: 'Your cart is empty',
} as const;

/** The server's reason when it gave one, else the screen's default (spec §8). */
export function reasonOr(err: unknown, callDefault: string, screenDefault: string): string {
  const message = err instanceof Error ? err.message : '';
  return message && message !== callDefault ? message : screenDefault;
}
