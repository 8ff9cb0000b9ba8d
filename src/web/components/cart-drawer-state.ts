import { useSyncExternalStore } from 'react';

/**
 * Whether the cart drawer is open (spec §4 Cart: displayCart). A tiny store rather than context,
 * so the badge, the survey and the cart screens can open it without sharing a provider, and the
 * header loads the drawer's code only the first time it opens.
 */
let open = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  open = value;
  for (const l of listeners) l();
};

export const openCartDrawer = () => set(true);
export const closeCartDrawer = () => set(false);

export function useCartDrawerOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
