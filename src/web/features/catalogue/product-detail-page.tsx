import { Alert, Anchor, Badge, Button, Card, Container, Divider, Grid, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ItemDetail } from '../../../contract/catalogue';
import { storedToken } from '../../lib/api-client';
import { usePageMeta } from '../../lib/page-meta';
import { useSession } from '../../lib/session';
import { useBreadcrumb, useItemDetail } from './api';
import { CategoryBreadcrumb } from './breadcrumb';
import classes from './catalogue.module.css';
import { ItemLogo } from './item-logo';
import { detailLink, ProductCard } from './product-card';
import { money, StockBadge } from './stock-badge';
import { NotifyWhenInStock } from './notify-me';
import { ProductPicture } from '../../components/product-picture';
import { DETAIL_PICTURE } from '../../components/picture-preload';
import { AccountStatusNotice, useAccountStatusMessage } from '../../components/account-status-notice';

const loadBuyBox = () => import('./buy-box');
const SignedInBuyBox = lazy(loadBuyBox);
// A customer with a session gets the buy box's code while the item is being fetched.
if (storedToken()) void loadBuyBox();

function Loading() {
  return (
    <Container size="xl" py="xl">
      <Group gap="xs">
        <Loader size="sm" />
        <Text>Loading product...</Text>
      </Group>
    </Container>
  );
}

export default function ProductDetailPage() {
  const [params] = useSearchParams();
  const productNum = params.get('productNum') ?? '';
  const catParam = Number(params.get('categoryNum'));
  const detail = useItemDetail(productNum);
  const item = detail.data;
  const linkedCategory = Number.isInteger(catParam) && catParam > 0;
  const categoryNum = linkedCategory ? catParam : (item?.category ?? null);
  // The breadcrumb's calls run alongside the item's: the page waits for both, so that the trail
  // does not grow (and push the page down) after the item has been shown.
  const trail = useBreadcrumb(linkedCategory ? catParam : null);
  usePageMeta(item?.seO_Title || item?.web_Title || 'Product', item ? `${item.web_Title}, item ${item.num}. Wholesale from Skyline Balloons.` : 'Product details.');

  if ((detail.isPending && productNum) || (item && linkedCategory && trail.isPending)) return <Loading />;
  if (!item) {
    return (
      <Container size="xl" py="xl">
        <Alert color="red" title="Product not found">
          {detail.error && 'status' in detail.error && detail.error.status !== 404 ? detail.error.message : 'We could not find that product. It may have been discontinued.'}
        </Alert>
        <Button component={Link} to="/categories" mt="md">
          Browse the catalogue
        </Button>
      </Container>
    );
  }
  return (
    <Container size="xl" py="lg">
      <CategoryBreadcrumb categoryNum={categoryNum} current={item.web_Title} />
      <Grid gap={{ base: 'md', md: 40 }}>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <div className={classes.detailPicture}>
            <ProductPicture
              src={item.picture}
              alt={item.web_Title}
              size={DETAIL_PICTURE.size}
              sizes={DETAIL_PICTURE.sizes}
              fetchPriority="high"
              style={{ display: 'block', width: '100%', height: '100%' }}
            />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <ItemFacts item={item} categoryNum={categoryNum} />
        </Grid.Col>
      </Grid>
      <Grid gap={{ base: 'md', md: 40 }} mt="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Title order={2} size="h4" mb="sm">
            Product information
          </Title>
          {/* Already sanitised by the server (DESIGN.md §3). */}
          <div className="product-info-html" dangerouslySetInnerHTML={{ __html: item.web_Product_Info }} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {item.attributes.length > 0 && (
            <>
              <Title order={2} size="h4" mb="sm">
                Attributes
              </Title>
              <table className={classes.attributes}>
                <tbody>
                  {item.attributes.map((a) => (
                    <tr key={a.name}>
                      <th>{a.name}</th>
                      <td>{a.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </Grid.Col>
      </Grid>
      {item.suggestedItems.length > 0 && (
        <>
          <Divider my="xl" />
          <Title order={2} size="h4" mb="md">
            You may also like
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="md">
            {item.suggestedItems.map((s) => (
              <ProductCard key={s.num} item={s} categoryNum={categoryNum} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Container>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Group>
  );
}

function ItemFacts({ item, categoryNum }: { item: ItemDetail; categoryNum: number | null }) {
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <ItemLogo src={item.logo} height={28} />
        {item.new && <Badge color="red.9">New</Badge>}
      </Group>
      <Title order={1} size="h2">
        {item.web_Title}
      </Title>
      {/* Price and Add to cart right under the title: on a phone they are on the first screen. */}
      <Group gap="xs">
        <StockBadge label="West" inStock={item.inStockFresno} />
        <StockBadge label="East" inStock={item.inStockFairhope} />
      </Group>
      <BuyBox item={item} />
      <NotifyWhenInStock item={item} />
      <PackAndBreaks item={item} />
      <Stack gap={4}>
        <Fact label="Item number" value={item.num} />
        <Fact label="UPC" value={item.upc || '—'} />
        <Fact label="SRP" value={money(item.srp)} />
        <Fact label="Pack" value={item.packaged || '—'} />
        {item.caseQty !== undefined && <Fact label="Case quantity" value={item.caseQty} />}
        <Fact label="Dimensions" value={item.dimensions || '—'} />
        <Fact label="Colour family" value={item.color_Family || '—'} />
      </Stack>
      {item.colors.length > 0 && (
        <div>
          <Text size="sm" fw={600} mb={6}>
            Also in these colours
          </Text>
          <Group gap="xs" role="list" aria-label="Other colours">
            {item.colors.map((c) => (
              <Link key={c.num} to={detailLink(c, categoryNum)} className={classes.colorThumb} role="listitem" aria-current={c.num === item.num ? 'true' : undefined}>
                <ProductPicture src={c.picture} size={56} alt="" loading="lazy" />
                <span>{c.name}</span>
              </Link>
            ))}
          </Group>
        </div>
      )}
    </Stack>
  );
}

/** "Sold in multiples of 12" and the quantity breaks a signed-in buyer gets ("12+ $2.90 each"). */
function PackAndBreaks({ item }: { item: ItemDetail }) {
  const breaks = item.breaks ?? [];
  if (item.orderMultiple <= 1 && breaks.length === 0) return null;
  return (
    <Stack gap={4}>
      {item.orderMultiple > 1 && (
        <Text size="sm" fw={600}>
          Sold in multiples of {item.orderMultiple}
        </Text>
      )}
      {breaks.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            Quantity prices
          </Text>
          <Group gap="md" role="list" aria-label="Quantity prices">
            {breaks.map((b) => (
              <Text key={b.minQty} size="sm" role="listitem">
                {b.minQty}+ {money(b.price)} each
              </Text>
            ))}
          </Group>
        </div>
      )}
    </Stack>
  );
}

/** Price, quantity and Add to cart for a signed-in customer (buy-box.tsx); a sign-in prompt for visitors. */
function BuyBox({ item }: { item: ItemDetail }) {
  const session = useSession();
  const blocked = useAccountStatusMessage();
  if (session.status === 'signedIn' && blocked) return <AccountStatusNotice />;
  if (session.status === 'signedIn') {
    return (
      <Suspense fallback={<Card withBorder radius="md" p="md" mih={94} />}>
        <SignedInBuyBox item={item} />
      </Suspense>
    );
  }
  return (
    <Card withBorder radius="md" p="md" bg="shop.0">
      <Text size="sm">
        <Anchor component={Link} to="/signin" fw={600}>
          Sign in
        </Anchor>{' '}
        to see your wholesale price and order.{' '}
        <Anchor component={Link} to="/signup">
          Open a trade account
        </Anchor>
      </Text>
    </Card>
  );
}
