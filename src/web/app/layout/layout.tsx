import { Box } from '@mantine/core';
import { Outlet, useNavigation } from 'react-router';
import { AccountStatusNotice } from '../../components/account-status-notice';
import { ActingBanner } from './acting-banner';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

export function Layout() {
  const navigation = useNavigation();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ScrollToTop />
      {navigation.state === 'loading' && <div className="page-loading" role="progressbar" aria-label="Loading page" />}
      <ActingBanner />
      <Header />
      <AccountStatusNotice banner />
      {/* At least a screen tall: the footer starts below the fold, so a page's content arriving never pushes it (layout shift). */}
      <Box component="main" id="main" style={{ flex: 1, minHeight: '100vh' }}>
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
