import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../../components/ui/use-toast.js';
import { useAuth } from '../../core/session/index.js';
import { Footer } from './footer.js';
import { Navbar } from './navbar.js';

const LiveMessaging = lazy(() => import('../../features/messages/live/live-messaging.js'));
const loadToaster = () => import('../../components/ui/toaster.js').then(({ Toaster }) => ({ default: Toaster }));
const Toaster = lazy(loadToaster);

/**
 * The toasts' code (Radix's toast) arrives after the page, when the browser is idle: no page needs it to show
 * itself, and the first toast mounts it (announced by Radix's own live region when it opens).
 */
function DeferredToaster() {
  const { toasts } = useToast();
  const [mounted, setMounted] = useState(false);
  if (toasts.length > 0 && !mounted) setMounted(true);
  useEffect(() => {
    const timer = setTimeout(() => void loadToaster(), 1000);
    return () => clearTimeout(timer);
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function AppLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const auth = useAuth();
  const memberId = auth.status === 'signed-in' && auth.user.termsAccepted ? auth.user.id : null;

  // A client-side navigation should start at the top of the new page, like a full page load does.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  return (
    // On a phone, an open conversation (marked data-phone-chat) takes the screen below the navigation bar, and no more:
    // its composer stays at the bottom and the page itself never scrolls (decision 071).
    <div className="flex min-h-screen flex-col max-md:has-[[data-phone-chat]]:h-dvh max-md:has-[[data-phone-chat]]:min-h-0">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 text-foreground focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:ring-2 focus:ring-ring"
      >
        Skip to main content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1} className="min-h-0 flex-1 focus:outline-none">
        {children}
      </main>
      <Footer />
      <DeferredToaster />
      {/* One event stream per browser, shared by its tabs, while a member is signed in; closed when they sign out. */}
      {memberId && (
        <Suspense fallback={null}>
          <LiveMessaging key={memberId} userId={memberId} />
        </Suspense>
      )}
    </div>
  );
}
