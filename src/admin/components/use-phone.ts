import { useMediaQuery } from '@mantine/hooks';

/**
 * Phones and narrow windows (under Mantine's `sm`, 48em): where the navigation is a drawer, every
 * list is cards, filters sit in a drawer and selected rows' actions in a bottom bar. Read at the
 * first render (no desktop flash), and only one of table or cards is in the page. A file of its
 * own, so the shell's layout (which asks it) does not load the card list's pagination and checkboxes.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false }) ?? false;
}
