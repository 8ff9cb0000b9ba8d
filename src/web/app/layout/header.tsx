import { Box, Burger, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, memo, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { AccountArea } from './account-area';
import classes from './header.module.css';
import { HeaderSearch } from './header-search';
import { MegaMenu } from './mega-menu';
import { LOGOS, productsOf, SURVEY_LINK } from './nav-links';

/** The panels' code loads on the first hover or focus of their button, not with every page. */
const loadLatexPanel = () => import('./latex-panel');
const loadFoilPanel = () => import('./foil-panel');
const LatexPanel = lazy(() => loadLatexPanel().then((m) => ({ default: m.LatexPanel })));
const FoilPanel = lazy(() => loadFoilPanel().then((m) => ({ default: m.FoilPanel })));

/** The drawer's code loads the first time it opens (phones only), not with every page. */
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));

export function Brand() {
  return (
    <Link to="/" className={classes.brand} aria-label="Skyline Balloons home">
      <img src={LOGOS.shop} alt="" className={classes.brandLogo} width={330} height={112} />
      <Box visibleFrom="md" className={classes.brandTag}>
        Wholesale
        <br />
        to the trade
      </Box>
    </Link>
  );
}

/**
 * The top navigation (spec §2): panels on wide screens, a drawer below 768px. Memoised: the layout
 * redraws on every navigation (its loading bar), and a search or filter change is a navigation.
 */
export const Header = memo(function Header() {
  const [drawerOpened, drawer] = useDisclosure(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (drawerOpened && !drawerLoaded) setDrawerLoaded(true);
  return (
    <header className={classes.header}>
      <Box className={classes.topBar} visibleFrom="sm">
        <Container size="xl" py={6}>
          <Text size="xs">Wholesale balloons for retailers and decorators · Shipping from West (Fresno, CA) and East (Fairhope, AL)</Text>
        </Container>
      </Box>
      <Container size="xl" py="sm">
        {/* On a phone the search field is a row of its own under the logo, not behind the menu. */}
        <div className={classes.headerRow}>
          <Brand />
          <div className={classes.headerSearch}>
            <HeaderSearch />
          </div>
          <Group gap="xs" wrap="nowrap">
            <AccountArea />
            <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="sm" aria-label="Open the menu" />
          </Group>
        </div>
      </Container>
      <nav className={classes.navBar} aria-label="Main">
        <Container size="xl" visibleFrom="sm">
          <Group gap={0} wrap="nowrap">
            <NavLink to="/" end className={classes.navLink}>
              Home
            </NavLink>
            <MegaMenu label="Premium Latex" width={700} preload={loadLatexPanel}>
              {(close) => <LatexPanel onNavigate={close} />}
            </MegaMenu>
            <MegaMenu label="Foil" width={750} preload={loadFoilPanel}>
              {(close) => <FoilPanel onNavigate={close} />}
            </MegaMenu>
            <Link to={productsOf(4)} className={classes.navLink}>
              Bubbles
            </Link>
            <NavLink to="/distributors" className={classes.navLink}>
              Where to Buy
            </NavLink>
            <NavLink to={SURVEY_LINK} className={classes.navLink}>
              Survey
            </NavLink>
            <NavLink to="/categories" className={classes.navLink}>
              Categories
            </NavLink>
          </Group>
        </Container>
      </nav>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <MobileDrawer opened={drawerOpened} onClose={drawer.close} />
        </Suspense>
      )}
    </header>
  );
});
