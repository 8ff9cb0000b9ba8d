import { Badge, Card, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { ListItem } from '../../../contract/catalogue';
import { ItemLogo } from './item-logo';
import classes from './catalogue.module.css';
import { money, StockBadge } from './stock-badge';

export function detailLink(item: { num: string }, categoryNum: number | null): string {
  const p = new URLSearchParams();
  if (categoryNum !== null) p.set('categoryNum', String(categoryNum));
  p.set('productNum', item.num);
  return `/productdetail?${p.toString()}`;
}

export function ProductCard({ item, categoryNum }: { item: ListItem; categoryNum: number | null }) {
  return (
    <Card component={Link} to={detailLink(item, categoryNum)} withBorder radius="md" padding="sm" className={classes.card}>
      <Card.Section className={classes.cardPicture}>
        {item.new && (
          <Badge className={classes.newBadge} color="red.9" size="sm">
            New
          </Badge>
        )}
        <Image src={item.picture} alt="" loading="lazy" fit="contain" h="100%" />
      </Card.Section>
      <Group justify="space-between" mt="xs" gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          #{item.num}
        </Text>
        <ItemLogo src={item.logo} height={16} />
      </Group>
      <Text fw={600} size="sm" lineClamp={2} mt={2} className={classes.cardTitle}>
        {item.web_Title}
      </Text>
      <Group gap={6} mt={6} align="baseline">
        {item.price !== undefined ? (
          <>
            <Text fw={700} c="shop.8">
              {money(item.price)}
            </Text>
            <Text size="xs" c="dimmed">
              SRP {money(item.srp)}
            </Text>
          </>
        ) : (
          <Text size="sm">SRP {money(item.srp)}</Text>
        )}
      </Group>
      <Group gap={4} mt={8}>
        <StockBadge label="West" inStock={item.inStockFresno} />
        <StockBadge label="East" inStock={item.inStockFairhope} />
      </Group>
    </Card>
  );
}
