import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '../components/ui/spinner.js';
import HomePage from '../features/home/home-page.js';
import { TermsGate } from './terms-gate.js';

// Every page but Home loads on demand so the entry bundle stays small.
const AboutPage = lazy(() => import('../features/about/about-page.js'));
const TermsPage = lazy(() => import('../features/terms/terms-page.js'));
const AcceptTermsPage = lazy(() => import('../features/terms/accept-terms-page.js'));
const ProfilePage = lazy(() => import('../features/profile/profile-page.js'));
const ContactPage = lazy(() => import('../features/contact/contact-page.js'));
const LoginPage = lazy(() => import('../features/auth/login-page.js'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page.js'));

export function AppRoutes() {
  return (
    <TermsGate>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/about" component={AboutPage} />
          <Route path="/terms" component={TermsPage} />
          <Route path="/accept-terms" component={AcceptTermsPage} />
          <Route path="/profile" component={ProfilePage} />
          <Route path="/contact" component={ContactPage} />
          <Route path="/login" component={LoginPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </TermsGate>
  );
}
