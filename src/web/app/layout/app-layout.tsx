import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { Toaster } from '../../components/ui/toaster.js';
import { useAuth } from '../../features/auth/use-auth.js';
import { Footer } from './footer.js';
import { Navbar } from './navbar.js';

const LiveMessaging = lazy(() => import('../../features/messages/live/live-messaging.js'));

export function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const auth = useAuth();
  const memberId = auth.status === 'signed-in' && auth.user.termsAccepted ? auth.user.id : null;

  // A client-side navigation should start at the top of the new page, like a full page load does.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 text-foreground focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:ring-2 focus:ring-ring"
      >
        Skip to main content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
      <Toaster />
      {/* One event stream per browser, shared by its tabs, while a member is signed in; closed when they sign out. */}
      {memberId && (
        <Suspense fallback={null}>
          <LiveMessaging key={memberId} userId={memberId} />
        </Suspense>
      )}
    </div>
  );
}
