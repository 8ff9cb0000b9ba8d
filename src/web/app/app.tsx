import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import { NotificationsHost } from './notifications-host';
import { router } from './router';
import { theme } from './theme';

/** What a navigation asks `flushSync: true` for (products-page.tsx) renders at once, not as a transition. */
const flushRouterUpdate = (update: () => unknown): undefined => {
  flushSync(update);
};

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <NotificationsHost />
        <RouterProvider router={router} flushSync={flushRouterUpdate} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
