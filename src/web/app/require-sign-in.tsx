import { Center, Loader } from '@mantine/core';
import type { ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/session';

/** Protected pages: a spinner while the session loads, /signin when signed out (spec §2). */
export function RequireSignIn({ children }: { children: React.ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') {
    return (
      <Center py={120}>
        <Loader aria-label="Checking your sign-in" />
      </Center>
    );
  }
  if (session.status === 'signedOut') {
    return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}

export function withSignIn(Page: ComponentType): ComponentType {
  return function ProtectedPage() {
    return (
      <RequireSignIn>
        <Page />
      </RequireSignIn>
    );
  };
}
