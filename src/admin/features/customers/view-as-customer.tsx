import { Button } from '@mantine/core';
import { notify } from '../../../web/components/notify';
import { useActAsLink } from './api';

/**
 * "View the shop as this customer" (DESIGN.md §7, decision 0035): asks for a one-time link and
 * opens it in a new tab. The tab is opened at the click, before the answer, so no popup blocker
 * takes it for an unasked window; it then goes to the link, cut off from this page.
 */
export function ViewAsCustomer({ customerId }: { customerId: number }) {
  const link = useActAsLink(customerId);
  const open = () => {
    const tab = window.open('', '_blank');
    link.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (!tab) {
          // The browser refused the tab: the link still works here for a minute.
          window.location.assign(url);
          return;
        }
        tab.opener = null;
        tab.location.replace(url);
      },
      onError: (err) => {
        tab?.close();
        notify('red', err.message);
      },
    });
  };
  return (
    <Button variant="default" onClick={open} loading={link.isPending}>
      View the shop as this customer
    </Button>
  );
}
