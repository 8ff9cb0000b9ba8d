import { useSyncExternalStore } from 'react';

/**
 * Toasts load their code (Mantine's notifications) with the first toast, not with every page:
 * the first notify() mounts the container (app/notifications-host.tsx) and queues the toast in
 * Mantine's store, which the container shows once it is there.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function useNotificationsWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
}

/** A notification whose close button has a name (Mantine's has none: an axe 'button-name' violation). */
export function notify(color: 'green' | 'red', message: string): void {
  if (!wanted) {
    wanted = true;
    for (const l of listeners) l();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({ color, message, closeButtonProps: { 'aria-label': 'Close notification' } }),
  );
}
