import { Badge, Box, Button, Card, Container, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import classes from './content.module.css';
import { ProductLines } from './product-lines';

const REASONS = [
  { title: 'Made for the trade', text: 'Wholesale prices, case packs and pack sizes that fit a shop floor, with an account just for your business.' },
  { title: 'Two warehouses', text: 'Stock in Fresno, CA (West) and Fairhope, AL (East). Each item shows what is on the shelf in both.' },
  { title: 'Diamond Sizing', text: 'Our latex inflates to its stated size, so arches and columns come out even every time.' },
  { title: 'Since 1981', text: 'Part of a veteran-owned US company. Real people answer the phone and know the product.' },
];

export default function HomePage() {
  usePageMeta('', 'Skyline Balloons sells premium latex, foil and bubble balloons wholesale to balloon retailers, decorators and party stores.');
  return (
    <>
      <Box className={classes.hero}>
        <Container size="xl" py={{ base: 40, sm: 72 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={40}>
            <Stack gap="md" justify="center">
              <Badge variant="white" color="shop" size="lg">
                Wholesale balloon supplier
              </Badge>
              <Title order={1} className={classes.heroTitle}>
                Balloons your customers come back for
              </Title>
              <Text size="lg" className={classes.heroText}>
                Premium latex in true-to-size colours, foil balloons with messages and shapes for every occasion, and
                crystal-clear bubble balloons: all at trade prices, shipped from two US warehouses.
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/categories" size="md" color="white" c="shop.8">
                  Browse the catalogue
                </Button>
                <Button component={Link} to="/survey/WINTER" size="md" variant="outline" color="white">
                  Winter order form
                </Button>
              </Group>
            </Stack>
            <Group justify="center" visibleFrom="md" gap="xl">
              <Image src="/images/logos/latex.svg" alt="" w={150} h={150} fit="contain" className={classes.heroImage} />
              <Image src="/images/logos/foil.svg" alt="" w={150} h={150} fit="contain" className={classes.heroImage} />
              <Image src="/images/logos/bubbles.svg" alt="" w={150} h={150} fit="contain" className={classes.heroImage} />
            </Group>
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="xl" py={48}>
        <Title order={2} mb={4}>
          Our product lines
        </Title>
        <Text c="dimmed" mb="lg">
          Three lines, one order. Pick a line to see every size, colour and design we stock.
        </Text>
        <ProductLines />
      </Container>

      <Container size="xl" pb={48}>
        <Card radius="lg" p={{ base: 'lg', sm: 40 }} className={classes.winter}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Stack gap="xs">
              <Text tt="uppercase" fw={700} size="sm" c="shop.8">
                Seasonal order form
              </Text>
              <Title order={2}>Get ready for winter</Title>
              <Text>
                Christmas, Hanukkah, winter, New Year and Valentine's Day in one paged order form. Fill in quantities as you
                go and review everything before it goes into your cart.
              </Text>
            </Stack>
            <Group justify="flex-end" align="center">
              <Button component={Link} to="/survey/WINTER" size="md">
                Open the Winter order form
              </Button>
            </Group>
          </SimpleGrid>
        </Card>
      </Container>

      <Container size="xl" pb={24}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {REASONS.map((r, i) => (
            <Group key={r.title} align="flex-start" wrap="nowrap" gap="sm">
              <ThemeIcon radius="xl" size="lg" variant="light" aria-hidden>
                {i + 1}
              </ThemeIcon>
              <div>
                <Text fw={700}>{r.title}</Text>
                <Text size="sm" c="dimmed">
                  {r.text}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
        <Group mt="xl">
          <Button component={Link} to="/distributors" variant="light">
            Find a store near you
          </Button>
          <Button component={Link} to="/signup" variant="subtle">
            Open a trade account
          </Button>
        </Group>
      </Container>
    </>
  );
}
