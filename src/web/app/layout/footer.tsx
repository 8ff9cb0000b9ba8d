import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router';
import classes from './footer.module.css';
import { LOGOS } from './nav-links';

const SOCIAL = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
  { label: 'X', href: 'https://x.com/' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { label: 'Pinterest', href: 'https://www.pinterest.com/' },
];

function FooterLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Anchor component={Link} to={to} className={classes.link}>
      {children}
    </Anchor>
  );
}

/** Footer (spec §2): sustainability anchors, company pages, logo, social links, © 2025. Memoised like the header. */
export const Footer = memo(function Footer() {
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={40}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <div className={classes.logoBox}>
              <img src={LOGOS.shop} alt="Skyline Balloons" width={165} height={56} />
            </div>
            <Text size="sm" className={classes.muted}>
              Premium latex, foil and bubble balloons, sold wholesale to balloon retailers, decorators and party stores.
            </Text>
          </Stack>
          <Stack gap={6}>
            <Title order={2} size="h6" className={classes.heading}>
              Sustainability
            </Title>
            <FooterLink to="/degradability#sustainability">Sustainability</FooterLink>
            <FooterLink to="/degradability#degradability">Degradability</FooterLink>
            <FooterLink to="/degradability#recyclability">Recyclability</FooterLink>
            <FooterLink to="/degradability#safeballoonpractices">Safe balloon practices</FooterLink>
          </Stack>
          <Stack gap={6}>
            <Title order={2} size="h6" className={classes.heading}>
              Company
            </Title>
            <FooterLink to="/aboutus">About us</FooterLink>
            <FooterLink to="/contactus">Contact us</FooterLink>
            <FooterLink to="/distributors">Where to buy</FooterLink>
            <FooterLink to="/privacy">Privacy policy</FooterLink>
            <FooterLink to="/terms">Terms and conditions</FooterLink>
          </Stack>
          <Stack gap={6}>
            <Title order={2} size="h6" className={classes.heading}>
              Follow us
            </Title>
            {SOCIAL.map((s) => (
              <Anchor key={s.label} href={s.href} target="_blank" rel="noopener" className={classes.link}>
                {s.label}
                <span className={classes.srOnly}> (opens in a new tab)</span>
              </Anchor>
            ))}
          </Stack>
        </SimpleGrid>
        <Text size="xs" mt={40} className={classes.muted}>
          © 2025 Skyline Balloons. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
});
