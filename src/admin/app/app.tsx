import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { NotificationsHost } from '../../web/app/notifications-host';
import { adminTheme } from './admin-theme';
import { adminQueryClient } from '../lib/query-client';
import { router } from './router';

export function App() {
  return (
    <MantineProvider theme={adminTheme}>
      <QueryClientProvider client={adminQueryClient}>
        <NotificationsHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
