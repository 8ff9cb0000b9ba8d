import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Cart, cartSchema } from '../../contract/cart';
import { apiGet, apiRequest, queryString } from '../lib/api-client';
import { useSession } from '../lib/session';
import { CART_TEXTS } from './cart-texts';

/**
 * The cart as the cart, checkout and survey screens share it (spec §4 Cart: any change replaces
 * the cart with the server's answer). Every cart query lives under ['cart'], so invalidating
 * ['cart'] (as the catalogue's Add to cart does) refreshes the badge, the cart and its options.
 */
export const CART_KEYS = {
  all: ['cart'] as const,
  cart: ['cart', 'full'] as const,
  /** The header's count (it parses only numberOfItems, to keep zod out of the home page). */
  badge: ['cart', 'badge'] as const,
  shipping: ['cart', 'shipping'] as const,
  suggested: ['cart', 'suggested'] as const,
};

export function useCart() {
  const session = useSession();
  return useQuery({
    queryKey: CART_KEYS.cart,
    // A pending or suspended account has no cart (403): nothing to ask.
    enabled: session.status === 'signedIn' && (session.customer?.accountStatus ?? 'active') === 'active',
    staleTime: 0,
    queryFn: () => apiGet('/Shop/GetShoppingCart', cartSchema, CART_TEXTS.fetchFailed),
  });
}

/** Puts the server's cart in place and refreshes what depends on its contents. */
export function setCart(queryClient: QueryClient, cart: Cart): void {
  queryClient.setQueryData(CART_KEYS.cart, cart);
  queryClient.setQueryData(CART_KEYS.badge, cart.numberOfItems);
  void queryClient.invalidateQueries({ queryKey: CART_KEYS.shipping });
  void queryClient.invalidateQueries({ queryKey: CART_KEYS.suggested });
}

/** A cart call that answers the whole cart. */
export function useCartMutation<V>(call: (vars: V) => Promise<Cart>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (cart) => setCart(queryClient, cart) });
}

export const addItem = ({ invNum, qty }: { invNum: string; qty: number }) =>
  apiRequest('POST', `/Shop/AddItem${queryString({ InvNum: invNum, qty })}`, cartSchema, CART_TEXTS.addFailed);

export const addItems = (lines: { invNum: string; qty: number }[]) => apiRequest('POST', '/Shop/AddItems', cartSchema, CART_TEXTS.addFailed, lines);
