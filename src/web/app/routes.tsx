import { lazy, Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '../components/ui/spinner.js';
import HomePage from '../features/home/home-page.js';
import { showToastLeftForThisLoad } from '../lib/toast-after-load.js';
import { TermsGate } from './terms-gate.js';

// Every page but Home loads on demand so the entry bundle stays small.
const AboutPage = lazy(() => import('../features/about/about-page.js'));
const TermsPage = lazy(() => import('../features/terms/terms-page.js'));
const AcceptTermsPage = lazy(() => import('../features/terms/accept-terms-page.js'));
const ProfilePage = lazy(() => import('../features/profile/profile-page.js'));
const ContactPage = lazy(() => import('../features/contact/contact-page.js'));
const LoginPage = lazy(() => import('../features/auth/login-page.js'));
const ForgotPasswordPage = lazy(() => import('../features/account/pages/forgot-password-page.js'));
const ResetPasswordPage = lazy(() => import('../features/account/pages/reset-password-page.js'));
const VerifyEmailPage = lazy(() => import('../features/account/pages/verify-email-page.js'));
const BrowsePage = lazy(() => import('../features/services/pages/browse-page.js'));
const CreateServicePage = lazy(() => import('../features/services/pages/create-service-page.js'));
const RequestServicePage = lazy(() => import('../features/services/pages/request-service-page.js'));
const EditServicePage = lazy(() => import('../features/services/pages/edit-service-page.js'));
const MyServicesPage = lazy(() => import('../features/services/pages/my-services-page.js'));
const MessagesPage = lazy(() => import('../features/messages/pages/messages-page.js'));
const AdminPage = lazy(() => import('../features/admin/pages/admin-page.js'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page.js'));

export function AppRoutes() {
  // A success that reloaded the whole app (a password reset, a deleted account) tells about itself here.
  useEffect(showToastLeftForThisLoad, []);
  return (
    <TermsGate>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/services" component={BrowsePage} />
          <Route path="/create-service" component={CreateServicePage} />
          <Route path="/request-service" component={RequestServicePage} />
          <Route path="/edit-service/:id" component={EditServicePage} />
          <Route path="/my-services" component={MyServicesPage} />
          <Route path="/messages" component={MessagesPage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/terms" component={TermsPage} />
          <Route path="/accept-terms" component={AcceptTermsPage} />
          <Route path="/profile" component={ProfilePage} />
          <Route path="/contact" component={ContactPage} />
          <Route path="/login" component={LoginPage} />
          <Route path="/forgot-password" component={ForgotPasswordPage} />
          <Route path="/reset-password" component={ResetPasswordPage} />
          <Route path="/verify-email" component={VerifyEmailPage} />
          <Route path="/admin" component={AdminPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </TermsGate>
  );
}
