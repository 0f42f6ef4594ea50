import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { useSession } from '../session/session';
import { SessionWatch } from '../session/session-watch';
import { PageErrorBoundary } from './lazy/page-error-boundary';
import { Footer } from './shell/footer';
import { DelayedOverlay } from '../components/loading-overlay';
import { LazyAnnouncementBanner, LazyAppearanceSync, LazySideMenu } from './shell/signed-in-parts';
import { TopBar } from './shell/top-bar';

/** The layout every page shares (spec 000 §2); the side menu only when signed in. */
export function RootLayout() {
  const signedIn = !!useSession();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SessionWatch />
      {signedIn && (
        <Suspense fallback={null}>
          <LazyAppearanceSync />
          <LazySideMenu mobileOpen={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar onOpenMenu={() => setMenuOpen(true)} />
        {signedIn && (
          <Suspense fallback={null}>
            <LazyAnnouncementBanner />
          </Suspense>
        )}
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          <PageErrorBoundary resetKey={pathname}>
            <Suspense fallback={<DelayedOverlay />}>
              <Outlet />
            </Suspense>
          </PageErrorBoundary>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
