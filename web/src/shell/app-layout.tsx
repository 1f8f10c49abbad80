import { Trans, useLingui } from '@lingui/react/macro';
import { Box } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { type ReactNode, useRef } from 'react';
import { PageErrorBoundary } from '../app/error-boundary.tsx';
import { GuideProvider } from '../features/guide/index.ts';
import { PatientDirectoryProvider } from '../features/patients/index.ts';
import { useKeyboardScroll } from '../platform/a11y/use-keyboard-scroll.ts';
import { useAuth } from '../platform/auth/auth-context.tsx';
import { LocalDataProvider } from '../platform/offline/local-data.tsx';
import { useConnectionToasts } from '../platform/offline/use-connection-toasts.ts';
import { toast } from '../platform/toasts/toast.ts';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import classes from './shell.module.css';
import { Sidebar } from './sidebar.tsx';

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { logout } = useAuth();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useConnectionToasts();
  const main = useRef<HTMLElement>(null);
  useKeyboardScroll(main);

  async function handleLogout() {
    try {
      await logout();
      toast(t`Logged out successfully`, undefined, 'success');
    } catch {
      toast(t`Logout failed`, t`There was an error logging out. Please try again.`, 'error');
    }
  }

  return (
    <LocalDataProvider>
      <PatientDirectoryProvider>
        <GuideProvider>
          <div className={classes.layout}>
            <a href="#main-content" className={classes.skipLink}>
              <Trans>Skip to main content</Trans>
            </a>
            <Sidebar forceCollapsed={pathname === '/op-view'} onLogout={() => void handleLogout()} />
            <div className={classes.column}>
              <Box component="header" className={classes.headerBar}>
                <Header onLogout={() => void handleLogout()} />
              </Box>
              <main id="main-content" ref={main} className={classes.main} tabIndex={-1}>
                <PageErrorBoundary key={pathname}>{children}</PageErrorBoundary>
              </main>
              <Box component="footer" className={classes.footerBar}>
                <Footer />
              </Box>
            </div>
          </div>
        </GuideProvider>
      </PatientDirectoryProvider>
    </LocalDataProvider>
  );
}
