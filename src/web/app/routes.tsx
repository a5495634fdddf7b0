import { Suspense, useEffect, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '../components/ui/spinner.js';
import { showToastLeftForThisLoad } from '../lib/toast-after-load.js';
import { ErrorBoundary } from './error-boundary.js';
import { paths, routePatterns } from '../core/paths.js';
import type { PrefetchName } from './ssr/prefetch.js';
import { lazyPage } from './stale-chunks.js';
import { TermsGate } from './terms-gate.js';

// Every page loads on demand so the entry bundle stays small; Home too, since its listings bring the card (decision 072).
const HomePage = lazyPage(() => import('../features/home/home-page.js'));
const AboutPage = lazyPage(() => import('../features/about/about-page.js'));
const TermsPage = lazyPage(() => import('../features/terms/terms-page.js'));
const AcceptTermsPage = lazyPage(() => import('../features/terms/accept-terms-page.js'));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.js'));
const ContactPage = lazyPage(() => import('../features/contact/contact-page.js'));
const LoginPage = lazyPage(() => import('../features/auth/login-page.js'));
const ForgotPasswordPage = lazyPage(() => import('../features/account/pages/forgot-password-page.js'));
const ResetPasswordPage = lazyPage(() => import('../features/account/pages/reset-password-page.js'));
const MemberPage = lazyPage(() => import('../features/member-page/member-page.js'));
const AppealPage = lazyPage(() => import('../features/appeals/appeal-page.js'));
const VerifyEmailPage = lazyPage(() => import('../features/account/pages/verify-email-page.js'));
const SecondStepEnrolmentPage = lazyPage(() => import('../features/security/second-step-enrolment-page.js'));
const BrowsePage = lazyPage(() => import('../features/services/pages/browse-page.js'));
const ServicePage = lazyPage(() => import('../features/services/pages/service-page.js'));
const CreateServicePage = lazyPage(() => import('../features/services/pages/create-service-page.js'));
const RequestServicePage = lazyPage(() => import('../features/services/pages/request-service-page.js'));
const EditServicePage = lazyPage(() => import('../features/services/pages/edit-service-page.js'));
const RenewListingPage = lazyPage(() => import('../features/services/pages/renew-listing-page.js'));
const MyServicesPage = lazyPage(() => import('../features/services/pages/my-services-page.js'));
const SavedSearchesPage = lazyPage(() => import('../features/saved-searches/pages/saved-searches-page.js'));
const UnsubscribePage = lazyPage(() => import('../features/saved-searches/pages/unsubscribe-page.js'));
const MessagesPage = lazyPage(() => import('../features/messages/pages/messages-page.js'));
const AdminPage = lazyPage(() => import('../features/admin/pages/admin-page.js'));
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page.js'));

/** A page of the app (the specification, §2) and how the server treats it (decision 042). */
export interface PageRoute {
  path: string;
  component: ComponentType & { preload?: () => Promise<unknown> };
  /**
   * Public pages are rendered on the server after their prefetch (named here, so its code stays out of the browser's
   * bundle: `ssr/prefetch.ts` is the server entry's) has put what they show in the query cache; `module`
   * names the lazily loaded page's source (a key of Vite's manifest) so the document can preload its code. Pages
   * without `server` need a signed-in person, or read the browser's address, and the browser renders them.
   */
  server?: { module?: string; prefetch?: PrefetchName };
}

export const pageRoutes: PageRoute[] = [
  { path: paths.home, component: HomePage, server: { module: 'features/home/home-page.tsx', prefetch: 'home' } },
  { path: paths.services, component: BrowsePage, server: { module: 'features/services/pages/browse-page.tsx', prefetch: 'browse' } },
  { path: routePatterns.service, component: ServicePage, server: { module: 'features/services/pages/service-page.tsx', prefetch: 'listing' } },
  { path: routePatterns.member, component: MemberPage, server: { module: 'features/member-page/member-page.tsx', prefetch: 'member' } },
  { path: paths.createService, component: CreateServicePage },
  { path: paths.requestService, component: RequestServicePage },
  { path: routePatterns.editService, component: EditServicePage },
  { path: routePatterns.renewService, component: RenewListingPage },
  { path: paths.myServices, component: MyServicesPage },
  { path: paths.savedSearches, component: SavedSearchesPage },
  { path: paths.unsubscribeSavedSearch, component: UnsubscribePage },
  { path: paths.messages, component: MessagesPage },
  { path: paths.about, component: AboutPage, server: { module: 'features/about/about-page.tsx' } },
  { path: paths.terms, component: TermsPage, server: { module: 'features/terms/terms-page.tsx' } },
  { path: paths.acceptTerms, component: AcceptTermsPage },
  { path: paths.profile, component: ProfilePage },
  { path: paths.contact, component: ContactPage },
  { path: paths.login, component: LoginPage },
  { path: paths.forgotPassword, component: ForgotPasswordPage },
  { path: paths.resetPassword, component: ResetPasswordPage },
  { path: paths.appeal, component: AppealPage },
  { path: paths.verifyEmail, component: VerifyEmailPage },
  { path: paths.secondFactorEnrolment, component: SecondStepEnrolmentPage },
  { path: paths.admin, component: AdminPage },
];

/** The catch-all: rendered on the server too, and sent with status 404. */
export const notFoundRoute: PageRoute = { path: '*', component: NotFoundPage, server: { module: 'features/not-found/not-found-page.tsx' } };

export function AppRoutes() {
  // A success that reloaded the whole app (a password reset, a deleted account) tells about itself here.
  useEffect(showToastLeftForThisLoad, []);
  const [location] = useLocation();
  return (
    <TermsGate>
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            {pageRoutes.map((route) => (
              <Route key={route.path} path={route.path} component={route.component} />
            ))}
            <Route component={notFoundRoute.component} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </TermsGate>
  );
}
