import { Card, Container, Image, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import type { CatalogLink } from '../../../contract/catalogs';
import { usePageMeta } from '../../lib/page-meta';
import { useCatalogs, useCustomer } from './api';
import classes from './landing-page.module.css';
import { displayName } from './names';
import { ToolIcon } from './tool-icons';

/** The account tools (spec §2); UPC Lookup and Speed Lists are filled by the trade-tools pages. */
const TOOLS = [
  { label: 'Edit Your Profile', to: '/account', icon: 'profile' as const, text: 'Addresses, email, password' },
  { label: 'Check Order Status', to: '/orders', icon: 'orders' as const, text: 'Your orders and reorders' },
  { label: 'UPC Lookup', to: '/upclookup', icon: 'upc' as const, text: 'Find items by barcode' },
  { label: 'Speed Lists', to: '/speedlists', icon: 'speed' as const, text: 'Your saved order lists' },
  { label: 'Order Grid', to: '/order-grid/1', icon: 'grid' as const, text: 'Latex by colour and size' },
  { label: 'Contact Us', to: '/contactus', icon: 'contact' as const, text: 'Questions about an order' },
];

function byFolder(list: CatalogLink[]): [string, CatalogLink[]][] {
  const groups = new Map<string, CatalogLink[]>();
  for (const c of list) groups.set(c.folder, [...(groups.get(c.folder) ?? []), c]);
  return [...groups];
}

/** My Account / Account Portal (spec §2): the welcome, the account tools and the catalogues by folder. */
export default function LandingPage() {
  usePageMeta('Account Portal', 'Your Skyline Balloons account portal: account tools and downloadable catalogues.');
  const customer = useCustomer();
  const catalogs = useCatalogs(customer !== null);
  if (!customer) return null;
  return (
    <Container size="lg" py={{ base: 24, sm: 40 }} px="md">
      <Title order={1} mb={4}>
        Welcome, {displayName(customer)}
      </Title>
      <Text c="dimmed" mb="xl">
        Everything for your account in one place.
      </Text>
      <Title order={2} size="h3" mb="sm">
        Account tools
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md" mb={40}>
        {TOOLS.map((t) => (
          <UnstyledButton key={t.label} component={Link} to={t.to} className={classes.tile}>
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
              <ToolIcon name={t.icon} />
            </ThemeIcon>
            <Text fw={700} mt="sm">
              {t.label}
            </Text>
            <Text size="xs" c="dimmed">
              {t.text}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {byFolder(catalogs.data ?? []).map(([folder, list]) => (
        <Stack key={folder} gap="sm" mb="xl">
          <Title order={2} size="h3">
            {folder}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
            {list.map((c) => (
              <Card key={c.url} component="a" href={c.url} target="_blank" rel="noopener" withBorder radius="md" padding="md" className={classes.catalog}>
                <Card.Section className={classes.cover}>
                  <Image src={c.imageUrl} alt="" h={110} fit="contain" />
                </Card.Section>
                <Text fw={600} mt="sm">
                  {c.name || 'Catalog'}
                </Text>
                <Text size="xs" c="dimmed">
                  PDF, opens in a new tab
                </Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Container>
  );
}
