import { Divider, Drawer, NavLink as MantineNavLink, ScrollArea, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { LATEX_LINKS, productsOf, SURVEY_LINK } from './nav-links';

/** Below 768px the menu lives in a drawer with the same destinations (spec §2). */
export function MobileDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const item = (to: string, label: string) => <MantineNavLink key={to} component={Link} to={to} label={label} onClick={onClose} />;
  return (
    <Drawer opened={opened} onClose={onClose} title="Menu" size="85%" hiddenFrom="sm" scrollAreaComponent={ScrollArea.Autosize}>
      <Stack gap="sm">
        <nav aria-label="Mobile">
          {item('/', 'Home')}
          <MantineNavLink label="Premium Latex" defaultOpened>
            {item(productsOf(1), 'All Premium Latex')}
            {LATEX_LINKS.map((l) => item(productsOf(l.num), l.label))}
          </MantineNavLink>
          <MantineNavLink label="Foil">
            {item(productsOf(3), 'All Foil Balloons')}
            {item(productsOf(3, '&message=all'), 'Everyday Messages')}
            {item(productsOf(3, '&theme=all'), 'Everyday Themes')}
            {item(productsOf(3, '&event=all'), 'Holidays & Events')}
            {item(productsOf(33), 'Number Shapes')}
          </MantineNavLink>
          {item(productsOf(4), 'Bubbles')}
          {item('/distributors', 'Where to Buy')}
          {item(SURVEY_LINK, 'Survey')}
          {item('/categories', 'Categories')}
          <Divider my="sm" />
          {item('/contactus', 'Contact us')}
        </nav>
      </Stack>
    </Drawer>
  );
}
