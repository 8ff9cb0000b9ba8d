import { Anchor, Box, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import classes from './header.module.css';
import { LATEX_LINKS, LATEX_PALETTE_PDF, LOGOS, productsOf } from './nav-links';

/** The premium latex panel (700px, spec §2): the size lines, the colour palette PDF and why our latex is different. */
export function LatexPanel({ onNavigate }: { onNavigate: () => void }) {
  return (
    <SimpleGrid cols={2} spacing={0} className={classes.panel}>
      <Stack gap={4} p="lg" className={classes.panelLinks}>
        <Anchor component={Link} to={productsOf(1)} onClick={onNavigate} aria-label="All premium latex" className={classes.panelLogo}>
          <Image src={LOGOS.latex} alt="" h={44} w="auto" fit="contain" />
        </Anchor>
        {LATEX_LINKS.map((l) => (
          <Anchor key={l.num} component={Link} to={productsOf(l.num)} onClick={onNavigate} className={classes.panelLink}>
            {l.label}
          </Anchor>
        ))}
        <Anchor href={LATEX_PALETTE_PDF} target="_blank" rel="noopener" className={classes.panelLink} onClick={onNavigate} mt="xs">
          Download the colour palette (PDF)
        </Anchor>
      </Stack>
      <Box p="lg" className={classes.panelAside}>
        <Title order={3} size="h5" mb={6}>
          Colour, clarity and cut
        </Title>
        <Text size="sm" mb="sm">
          Our premium latex is dipped in small batches for deep, even colour, glass-like clarity in the crystal shades and a
          clean neck that ties easily.
        </Text>
        <Title order={3} size="h5" mb={6}>
          Diamond Sizing
        </Title>
        <Text size="sm">
          Every balloon inflates to its stated size: an 11" balloon is a true 11", so arches, columns and bouquets come out
          even, every time.
        </Text>
      </Box>
    </SimpleGrid>
  );
}
