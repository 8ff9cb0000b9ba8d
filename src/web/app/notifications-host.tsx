import { lazy, Suspense } from 'react';
import { useNotificationsWanted } from '../components/notify';

const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

/** Bottom left: toasts never cover the header (cart badge, account menu) or the cart drawer on the right. */
export function NotificationsHost() {
  const wanted = useNotificationsWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-left" />
    </Suspense>
  );
}
