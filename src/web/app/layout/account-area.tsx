import { Button } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { onUnauthorized } from '../../lib/api-client';
import { useSession } from '../../lib/session';

const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

/** Holds the place of the badge and the avatar (38px each, 6px apart) while their code loads, so nothing shifts. */
const menuPlaceholder = <div style={{ width: 82, height: 38 }} aria-hidden />;

/** Sign in when signed out; when signed in the profile menu (My Account, My Cart, Logout) with the cart badge (spec §2). */
export function AccountArea() {
  const session = useSession();
  const navigate = useNavigate();
  // A 401 from any call: signed out (session.ts), then to /signin, coming back here after signing in.
  useEffect(
    () =>
      onUnauthorized(() => {
        const from = `${window.location.pathname}${window.location.search}`;
        if (window.location.pathname !== '/signin') void navigate('/signin', { state: { from } });
      }),
    [navigate],
  );
  if (session.status !== 'signedIn' || !session.customer) {
    return (
      <Button component={Link} to="/signin" variant="filled" size="sm" loading={session.status === 'loading'}>
        Sign in
      </Button>
    );
  }
  return (
    <Suspense fallback={menuPlaceholder}>
      <AccountMenu session={session} />
    </Suspense>
  );
}
