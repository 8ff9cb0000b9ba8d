import { Avatar, Group, Indicator, Menu, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { openCartDrawer, useCartDrawerOpen } from '../../components/cart-drawer-state';
import { apiGet, apiRequest } from '../../lib/api-client';
import type { Session } from '../../lib/session';

/** The drawer's code loads the first time it opens, not with every page. */
const CartDrawer = lazy(() => import('../../features/cart/cart-drawer').then((m) => ({ default: m.CartDrawer })));

function CartIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.4a1.5 1.5 0 0 0 1.5 1.1h8.9a1.5 1.5 0 0 0 1.5-1.1L22 7H6" />
    </svg>
  );
}

/** The cart badge (spec §2): the number of items; a click opens the cart drawer. */
function CartBadge({ count }: { count: number }) {
  const opened = useCartDrawerOpen();
  const [loaded, setLoaded] = useState(false);
  if (opened && !loaded) setLoaded(true);
  return (
    <>
      <Indicator label={count} size={18} disabled={count === 0} color="red.9" offset={4}>
        <UnstyledButton
          onClick={openCartDrawer}
          aria-label={`Open the cart, ${count} ${count === 1 ? 'item' : 'items'}`}
          data-testid="cart-badge"
          c="shop.8"
          style={{ width: 38, height: 38, display: 'grid', placeItems: 'center', borderRadius: '50%' }}
        >
          <CartIcon />
        </UnstyledButton>
      </Indicator>
      {loaded && (
        <Suspense fallback={null}>
          <CartDrawer />
        </Suspense>
      )}
    </>
  );
}

const cartCount = { parse: (v: unknown) => Number((v as { numberOfItems?: unknown } | null)?.numberOfItems ?? 0) || 0 };

/**
 * Signed in: the cart badge and the profile menu (My Account, My Cart, Order Status, Logout; spec
 * §2). Its own chunk: a visitor's pages never load Mantine's Menu or the cart's code.
 */
export function AccountMenu({ session }: { session: Session }) {
  const navigate = useNavigate();
  const cart = useQuery({
    queryKey: ['cart', 'badge'],
    // A pending or suspended account has no cart (403): no badge to fetch.
    enabled: (session.customer?.accountStatus ?? 'active') === 'active',
    staleTime: 0,
    retry: false,
    queryFn: () => apiGet('/Shop/GetShoppingCart', cartCount, 'Failed to fetch cart'),
  });
  const c = session.customer!;
  const name = c.orgName || `${c.firstName} ${c.lastName}`.trim() || c.email;
  const count = cart.data ?? 0;
  return (
    <Group gap={6} wrap="nowrap">
      <CartBadge count={count} />
      <Menu position="bottom-end" width={200} shadow="md">
        <Menu.Target>
          <UnstyledButton aria-label={`Account menu for ${name}`}>
            <Avatar color="shop" radius="xl">
              {name.slice(0, 2).toUpperCase()}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{name}</Menu.Label>
          <Menu.Item component={Link} to="/account">
            My Account
          </Menu.Item>
          <Menu.Item component={Link} to="/cart">
            My Cart{count > 0 ? ` (${count})` : ''}
          </Menu.Item>
          <Menu.Item component={Link} to="/orders">
            Order Status
          </Menu.Item>
          <Menu.Item
            onClick={() => {
              // The request reads the token before signOut clears it.
              apiRequest('GET', '/System/Logout', null, 'Logout failed').catch(() => undefined);
              session.signOut();
              void navigate('/signin');
            }}
          >
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
