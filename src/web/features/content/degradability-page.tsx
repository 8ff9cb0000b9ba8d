import { Anchor, Group, List, Title } from '@mantine/core';
import { usePageMeta } from '../../lib/page-meta';
import classes from './content.module.css';
import { ContentPage } from './content-page';

const SECTIONS = [
  { id: 'sustainability', label: 'Sustainability' },
  { id: 'degradability', label: 'Degradability' },
  { id: 'recyclability', label: 'Recyclability' },
  { id: 'safeballoonpractices', label: 'Safe balloon practices' },
];

export default function DegradabilityPage() {
  usePageMeta('Sustainability and safe balloon practices', 'How our latex is sourced, how it degrades, which balloons can be recycled, and how to use balloons safely.');
  return (
    <ContentPage title="Sustainability and safe balloon practices" intro="What our balloons are made of, where they go afterwards, and how to use them safely.">
      <Group gap="md" mt="md" component="nav" aria-label="On this page">
        {SECTIONS.map((s) => (
          <Anchor key={s.id} href={`#${s.id}`}>
            {s.label}
          </Anchor>
        ))}
      </Group>
      <section id="sustainability" className={classes.anchorSection}>
        <Title order={2}>Sustainability</Title>
        <p>
          Our latex balloons are made from natural latex, the sap of the rubber tree. The sap is tapped by hand, much like maple
          syrup, and the trees keep growing and producing for decades. Rubber plantations take in carbon dioxide and give a
          living to farmers in the regions where they grow.
        </p>
      </section>
      <section id="degradability" className={classes.anchorSection}>
        <Title order={2}>Degradability</Title>
        <p>
          Natural latex is biodegradable. Exposed to sunlight, air and moisture, a latex balloon oxidises, loses its colour and
          breaks down over time, much like an oak leaf. That is no excuse for litter: please dispose of every balloon in the
          bin after use, and never release balloons.
        </p>
      </section>
      <section id="recyclability" className={classes.anchorSection}>
        <Title order={2}>Recyclability</Title>
        <p>
          Foil balloons and bubble balloons are made of films, not natural rubber. They are recyclable but not degradable. Let
          the air or helium out, fold them flat and take them to a film recycling point, or reuse them: air-filled foils with
          our TopTab can be refilled and hung again.
        </p>
      </section>
      <section id="safeballoonpractices" className={classes.anchorSection}>
        <Title order={2}>Safe balloon practices</Title>
        <List spacing="xs">
          <List.Item>Children under 8 can choke or suffocate on uninflated or broken balloons. Adult supervision is required.</List.Item>
          <List.Item>Never inhale helium. It can cause serious injury or death.</List.Item>
          <List.Item>Latex balloons contain natural rubber latex, which may cause allergic reactions in some people.</List.Item>
          <List.Item>To deflate, snip the balloon just above the knot or valve, then throw it away.</List.Item>
          <List.Item>Always tie helium balloons to a weight, and never let them go outdoors or near power lines.</List.Item>
        </List>
      </section>
    </ContentPage>
  );
}
