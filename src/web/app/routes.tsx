import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageSpinner } from '../components/ui/spinner.js';
import HomePage from '../features/home/home-page.js';
import { showToastLeftForThisLoad } from '../lib/toast-after-load.js';
import { ErrorBoundary } from './error-boundary.js';
import { paths, routePatterns } from './paths.js';
import { lazyPage } from './stale-chunks.js';
import { TermsGate } from './terms-gate.js';

// Every page but Home loads on demand so the entry bundle stays small.
const AboutPage = lazyPage(() => import('../features/about/about-page.js'));
const TermsPage = lazyPage(() => import('../features/terms/terms-page.js'));
const AcceptTermsPage = lazyPage(() => import('../features/terms/accept-terms-page.js'));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.js'));
const ContactPage = lazyPage(() => import('../features/contact/contact-page.js'));
const LoginPage = lazyPage(() => import('../features/auth/login-page.js'));
const ForgotPasswordPage = lazyPage(() => import('../features/account/pages/forgot-password-page.js'));
const ResetPasswordPage = lazyPage(() => import('../features/account/pages/reset-password-page.js'));
const VerifyEmailPage = lazyPage(() => import('../features/account/pages/verify-email-page.js'));
const BrowsePage = lazyPage(() => import('../features/services/pages/browse-page.js'));
const CreateServicePage = lazyPage(() => import('../features/services/pages/create-service-page.js'));
const RequestServicePage = lazyPage(() => import('../features/services/pages/request-service-page.js'));
const EditServicePage = lazyPage(() => import('../features/services/pages/edit-service-page.js'));
const MyServicesPage = lazyPage(() => import('../features/services/pages/my-services-page.js'));
const MessagesPage = lazyPage(() => import('../features/messages/pages/messages-page.js'));
const AdminPage = lazyPage(() => import('../features/admin/pages/admin-page.js'));
const NotFoundPage = lazyPage(() => import('../features/not-found/not-found-page.js'));

export function AppRoutes() {
  // A success that reloaded the whole app (a password reset, a deleted account) tells about itself here.
  useEffect(showToastLeftForThisLoad, []);
  const [location] = useLocation();
  return (
    <TermsGate>
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<PageSpinner />}>
          <Switch>
            <Route path={paths.home} component={HomePage} />
            <Route path={paths.services} component={BrowsePage} />
            <Route path={paths.createService} component={CreateServicePage} />
            <Route path={paths.requestService} component={RequestServicePage} />
            <Route path={routePatterns.editService} component={EditServicePage} />
            <Route path={paths.myServices} component={MyServicesPage} />
            <Route path={paths.messages} component={MessagesPage} />
            <Route path={paths.about} component={AboutPage} />
            <Route path={paths.terms} component={TermsPage} />
            <Route path={paths.acceptTerms} component={AcceptTermsPage} />
            <Route path={paths.profile} component={ProfilePage} />
            <Route path={paths.contact} component={ContactPage} />
            <Route path={paths.login} component={LoginPage} />
            <Route path={paths.forgotPassword} component={ForgotPasswordPage} />
            <Route path={paths.resetPassword} component={ResetPasswordPage} />
            <Route path={paths.verifyEmail} component={VerifyEmailPage} />
            <Route path={paths.admin} component={AdminPage} />
            <Route component={NotFoundPage} />
          </Switch>
        </Suspense>
      </ErrorBoundary>
    </TermsGate>
  );
}
