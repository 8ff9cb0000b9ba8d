import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backorderNotice, lineAvailability } from '../../components/cart-availability';
import { CART_TEXTS } from '../../components/cart-texts';
import { notify } from '../../components/notify';
import { apiRequest, queryString } from '../../lib/api-client';

/**
 * Adds to the cart (the cart issue owns the cart screens; any cart view refreshes after this),
 * then asks where the item's cart line would ship from: the answer is the backorder notice when
 * stock cannot cover the line (null when it can), told now rather than after the order is placed.
 * Lives apart from api.ts so that the listing's and the detail page's first code does not carry it:
 * only a signed-in buyer's buy box and list rows use it.
 */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ invNum, qty }: { invNum: string; qty: number }): Promise<string | null> => {
      await apiRequest('POST', `/Shop/AddItem${queryString({ InvNum: invNum, qty })}`, null, CART_TEXTS.addFailed);
      const line = await lineAvailability(invNum);
      return line && backorderNotice(line);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cart'] }),
  });
}

/** The notifications of an add: done, or the server's reason. */
export const addToCartCallbacks = {
  onSuccess: () => notify('green', CART_TEXTS.success.itemAdded),
  onError: (err: Error) => notify('red', err.message && err.message !== CART_TEXTS.addFailed ? err.message : CART_TEXTS.screen.addToCart),
};
