import { Anchor, Box, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { type MenuFacets, useMenuFacets } from './foil-menu-api';
import classes from './header.module.css';
import { LOGOS, productsOf } from './nav-links';

type Hover = 'none' | 'message' | 'theme' | 'event' | 'number';

const FOIL = 3;
const NUMBER_SHAPES = 33;

interface Entry {
  key: Exclude<Hover, 'none'>;
  label: string;
  to: string;
  allLabel: string;
  /** The filter parameter of the list's links. */
  param?: 'message' | 'theme' | 'event';
}

/** The All Events item goes to event=all; the original's theme=all was a bug (docs/decisions/0003). */
const ENTRIES: Entry[] = [
  { key: 'message', label: 'Browse Everyday Messages', to: productsOf(FOIL, '&message=all'), allLabel: 'All Messages', param: 'message' },
  { key: 'theme', label: 'Browse Everyday Themes', to: productsOf(FOIL, '&theme=all'), allLabel: 'All Themes', param: 'theme' },
  { key: 'event', label: 'Browse Holidays & Events', to: productsOf(FOIL, '&event=all'), allLabel: 'All Events', param: 'event' },
  { key: 'number', label: 'Browse Number Shapes', to: productsOf(NUMBER_SHAPES), allLabel: '' },
];

/**
 * The foil panel (750×800px, right-hand list 570px; spec §2). Hovering or focusing an entry shows
 * its list on the right. Each list sits in the DOM right after its entry, so Tab walks from an
 * entry into its list and on to the next entry.
 */
export function FoilPanel({ onNavigate }: { onNavigate: () => void }) {
  const [hover, setHover] = useState<Hover>('none');
  const facets = useMenuFacets(FOIL, 10);
  const values = (key: Entry['key']): MenuFacets['distinctMessages'] => {
    const d = facets.data;
    if (!d) return [];
    return key === 'message' ? d.distinctMessages : key === 'theme' ? d.distinctThemes : key === 'event' ? d.distinctEvents : [];
  };

  return (
    <Box className={classes.foilPanel} onPointerLeave={() => setHover('none')}>
      <Stack gap={4} p="lg" className={classes.foilLeft}>
        <Anchor component={Link} to={productsOf(FOIL)} onClick={onNavigate} aria-label="All foil balloons" className={classes.panelLogo}>
          <Image src={LOGOS.foil} alt="" h={44} w="auto" fit="contain" />
        </Anchor>
        {ENTRIES.map((e) => (
          <div key={e.key} onPointerEnter={() => setHover(e.key)}>
            <Anchor
              component={Link}
              to={e.to}
              onClick={onNavigate}
              onFocus={() => setHover(e.key)}
              className={classes.panelLink}
              data-active={hover === e.key || undefined}
            >
              {e.label}
            </Anchor>
            {hover === e.key && (
              <Box className={classes.foilRight} aria-label={`${e.label.replace('Browse ', '')}`} role="group">
                {e.key === 'number' ? (
                  <NumberShapes onNavigate={onNavigate} />
                ) : (
                  <Stack gap={2}>
                    <Anchor component={Link} to={e.to} onClick={onNavigate} className={classes.foilItem} fw={600}>
                      {e.allLabel}
                    </Anchor>
                    {facets.isPending && <Loader size="xs" m="sm" aria-label="Loading" />}
                    {values(e.key).map((v) => (
                      <Anchor
                        key={v.link}
                        component={Link}
                        to={productsOf(FOIL, `&${e.param}=${encodeURIComponent(v.link)}`)}
                        onClick={onNavigate}
                        className={classes.foilItem}
                      >
                        {v.name}
                      </Anchor>
                    ))}
                  </Stack>
                )}
              </Box>
            )}
          </div>
        ))}
        <Box mt="lg" p="md" bg="shop.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Text size="sm" fw={600}>
            Every foil, one list
          </Text>
          <Text size="xs" mt={4}>
            Messages, themes, holidays and numbers, filterable by size, colour and shape.
          </Text>
          <Anchor component={Link} to={productsOf(FOIL)} onClick={onNavigate} size="sm" fw={600} mt={6} display="block">
            Shop all foil balloons →
          </Anchor>
        </Box>
      </Stack>
      {hover === 'none' && (
        <Box className={classes.foilRight}>
          <Title order={3} size="h5" mb="xs">
            Built-in TopTab
          </Title>
          <Text size="sm">
            Every foil balloon has our built-in TopTab at the top seam. Fill it with helium to float, or fill it with air and
            hang it from the TopTab: no tape, no hole punch, no damage to the seal. Air-filled foils stay up for weeks, which
            makes them ideal for walls, ceilings and window displays.
          </Text>
          <Text size="sm" mt="sm" c="dimmed">
            Point at a collection on the left to see what is in it.
          </Text>
        </Box>
      )}
    </Box>
  );
}

function NumberShapes({ onNavigate }: { onNavigate: () => void }) {
  const sample = useMenuFacets(NUMBER_SHAPES, 1).data?.items[0];
  return (
    <Stack gap="sm">
      <Text size="sm">
        Numbers 0 to 9: 34" helium numbers in five colours and 16" air-fill numbers with the TopTab for hanging, in gold,
        silver and rose gold. The steady sellers for birthdays, anniversaries and graduations.
      </Text>
      <Anchor component={Link} to={productsOf(NUMBER_SHAPES)} onClick={onNavigate} aria-label="Shop number shapes">
        <Image src={sample?.picture ?? LOGOS.foil} alt="" h={200} w="auto" fit="contain" />
      </Anchor>
      <Anchor component={Link} to={productsOf(NUMBER_SHAPES)} onClick={onNavigate} fw={600}>
        Shop Number Shapes
      </Anchor>
    </Stack>
  );
}
