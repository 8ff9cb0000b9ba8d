import { cartSchema } from '../../../contract/cart';
import { addItem, useCartMutation } from '../../components/cart-data';
import { CART_TEXTS } from '../../components/cart-texts';
import { apiRequest, queryString } from '../../lib/api-client';

/** The cart calls of spec §7; each answers the whole cart, which replaces the cached one. */

export const useAddItem = () => useCartMutation(addItem);

export const useUpdateItem = () =>
  useCartMutation(({ invNum, qty }: { invNum: string; qty: number }) =>
    apiRequest('PUT', `/Shop/UpdateItem${queryString({ InvNum: invNum, qty })}`, cartSchema, CART_TEXTS.updateFailed),
  );

export const useDeleteItem = () =>
  useCartMutation((invNum: string) => apiRequest('DELETE', `/Shop/DeleteCartItem/${encodeURIComponent(invNum)}`, cartSchema, CART_TEXTS.deleteFailed));

// Always sent, even empty, so clearing the comments clears them on the server.
export const useUpdateComments = () =>
  useCartMutation((comments: string) =>
    apiRequest('PUT', `/Shop/UpdateOrderComments?${new URLSearchParams({ comments }).toString()}`, cartSchema, CART_TEXTS.commentsFailed),
  );

export const useAddCoupon = () =>
  useCartMutation((code: string) => apiRequest('POST', `/Shop/AddCoupon/${encodeURIComponent(code)}`, cartSchema, CART_TEXTS.addCouponFailed));

export const useDeleteCoupon = () =>
  useCartMutation((code: string) => apiRequest('DELETE', `/Shop/DeleteCoupon/${encodeURIComponent(code)}`, cartSchema, CART_TEXTS.deleteCouponFailed));
