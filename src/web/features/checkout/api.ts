import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { customerSchema } from '../../../contract/accounts';
import { cartSchema, type CheckoutRequest, type Order, orderSchema, shippingOptionSchema } from '../../../contract/cart';
import { listItemSchema } from '../../../contract/catalogue';
import { CART_KEYS, useCartMutation } from '../../components/cart-data';
import { CART_TEXTS } from '../../components/cart-texts';
import { apiGet, apiRequest, queryString } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** The suggested step and checkout (spec §4 Checkout steps, §7; DESIGN.md §3 Shipping, Checkout). */

export function useSuggestedItems() {
  const session = useSession();
  return useQuery({
    queryKey: CART_KEYS.suggested,
    enabled: session.status === 'signedIn',
    // The spec reads the list from an `items` field or from the response itself.
    queryFn: async () => {
      const raw = await apiGet('/Shop/GetSuggestedItems', { parse: (v: unknown) => v }, 'Failed to fetch suggested items');
      const list = Array.isArray(raw) ? raw : (raw as { items?: unknown } | null)?.items;
      return z.array(listItemSchema).parse(list ?? []);
    },
  });
}

export function useShippingOptions(enabled: boolean) {
  return useQuery({
    queryKey: CART_KEYS.shipping,
    enabled,
    staleTime: 0,
    queryFn: () => apiGet('/Shop/GetShippingOptions', z.array(shippingOptionSchema), CART_TEXTS.shippingOptionsFailed),
  });
}

/** The full customer: billing address and ship-tos. */
export function useCustomer() {
  const session = useSession();
  return useQuery({
    queryKey: ['customer', 'full'],
    enabled: session.status === 'signedIn',
    staleTime: 0,
    queryFn: () => apiGet('/Customer/GetCustomerInfo', customerSchema, 'An error occurred. Please try again.'),
  });
}

/** Choosing the ship-to only re-fetches the cart (spec §4): the answer is the cart for that destination. */
export const useUpdateShipTo = () =>
  useCartMutation((code: string) => apiRequest('PUT', `/Shop/UpdateShipTo${queryString({ shiptocode: code })}`, cartSchema, CART_TEXTS.shipToFailed));

/** Places the order; the same Idempotency-Key on a retry answers the same order instead of a second one. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CheckoutRequest; key: string }) =>
      apiRequest('POST', '/Shop/Checkout', orderSchema, CART_TEXTS.checkoutFailed, body, { 'Idempotency-Key': key }),
    onSuccess: (order: Order) => {
      queryClient.setQueryData(['order', order.orderNum], order);
      void queryClient.invalidateQueries({ queryKey: CART_KEYS.all });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useOrder(orderNum: number) {
  return useQuery({
    queryKey: ['order', orderNum],
    enabled: Number.isInteger(orderNum) && orderNum > 0,
    queryFn: () => apiGet(`/Shop/GetOrder/${orderNum}`, orderSchema, 'Failed to fetch order'),
  });
}
