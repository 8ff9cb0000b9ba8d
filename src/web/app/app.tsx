import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../lib/query-client';
import { NotificationsHost } from './notifications-host';
import { router } from './router';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <NotificationsHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
