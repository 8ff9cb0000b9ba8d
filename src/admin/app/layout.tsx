import { AppShell, Badge, Burger, Button, Group, NavLink, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ROLE_LABELS } from '../../contract/admin/permissions';
import { adminCall } from '../lib/admin-api';
import { setSession, useStaffSession } from '../lib/session';
import { NAV_ITEMS } from '../../contract/admin/screens';

/** Mantine AppShell: header with the member and Sign out, navigation as a drawer behind a burger on phones. */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useStaffSession().data;
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    close();
    window.scrollTo(0, 0);
  }, [location.pathname, close]);
  const items = NAV_ITEMS.filter((i) => session?.permissions.includes(i.permission));

  const signOut = async () => {
    await adminCall('POST', '/Logout', null, 'Failed to sign out').catch(() => undefined);
    setSession(queryClient, null);
    navigate('/signin');
  };

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Title order={2} size="h4">
              Back office
            </Title>
          </Group>
          {session && (
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" visibleFrom="xs" truncate maw={220}>
                {session.staff.name}
              </Text>
              <Badge variant="light" color="shop" visibleFrom="md">
                {session.staff.roles.map((r) => ROLE_LABELS[r]).join(', ')}
                {session.staff.warehouse ? ` · ${session.staff.warehouse === 'west' ? 'West' : 'East'}` : ''}
              </Badge>
              <Button variant="default" size="xs" onClick={() => void signOut()}>
                Sign out
              </Button>
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Back office">
        {items.map((i) => (
          <NavLink key={i.to} component={RouterNavLink} to={i.to} end={i.to === '/'} label={i.label} active={i.to === '/' ? location.pathname === '/' : location.pathname.startsWith(i.to)} />
        ))}
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
