import { AppShell, Badge, Box, Burger, Button, Group, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ROLE_LABELS } from '../../contract/admin/permissions';
import { usePhoneTables } from '../components/phone-tables';
import { adminCall } from '../lib/admin-api';
import { setSession, useStaffSession } from '../lib/session';
import { NAV_ITEMS, navSections } from '../../contract/admin/screens';

/** Mantine AppShell: header with the member and Sign out, navigation in groups (a drawer behind a burger on phones). */
export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const session = useStaffSession().data;
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePhoneTables();
  useEffect(() => {
    close();
    window.scrollTo(0, 0);
  }, [location.pathname, close]);
  const allowed = NAV_ITEMS.filter((i) => session?.permissions.includes(i.permission));
  const sections = navSections(allowed);
  // The entry whose path is the longest start of the location (Import / export, not Items, on /items/import).
  const current = allowed.filter((i) => (i.to === '/' ? location.pathname === '/' : location.pathname === i.to || location.pathname.startsWith(`${i.to}/`))).sort((a, b) => b.to.length - a.to.length)[0];

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
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Text size="sm" visibleFrom="xs" truncate maw={220}>
                {session.staff.name}
              </Text>
              <Badge variant="light" color="shop" visibleFrom="md">
                {session.staff.roles.map((r) => ROLE_LABELS[r]).join(', ')}
                {session.staff.warehouse ? ` · ${session.staff.warehouse === 'west' ? 'West' : 'East'}` : ''}
              </Badge>
              <Button variant="default" size="xs" onClick={() => void signOut()} style={{ flexShrink: 0 }}>
                Sign out
              </Button>
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar aria-label="Back office">
        <AppShell.Section grow component={ScrollArea} p="xs">
          {sections.map(({ group, items }) => (
            <Box key={group ?? ''} role={group ? 'group' : undefined} aria-labelledby={group ? `nav-${group}` : undefined} mb="xs">
              {group && (
                <Text id={`nav-${group}`} size="xs" fw={700} tt="uppercase" c="gray.7" px="sm" pt="xs" pb={4}>
                  {group}
                </Text>
              )}
              {items.map((i) => (
                <NavLink key={i.to} component={Link} to={i.to} label={i.label} py={6} active={i === current} aria-current={i === current ? 'page' : undefined} />
              ))}
            </Box>
          ))}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
