import { useAuth } from '../../core/session/index.js';
import { SITE_NAME } from '../../lib/site.js';
import { usePageMeta } from '../../lib/use-page-meta.js';
import { CategoryGrid } from './category-grid.js';
import { ClosingCallToAction } from './closing-call-to-action.js';
import { Hero } from './hero.js';
import { HowItWorks } from './how-it-works.js';
import { NewestListings } from './newest-listings.js';

export default function HomePage() {
  usePageMeta(
    SITE_NAME,
    'Connect with local helpers in your community for tutoring, yard work, childcare, pet care, tech help and more.',
  );
  const { status } = useAuth();
  const signedIn = status === 'signed-in';

  return (
    <>
      <Hero signedIn={signedIn} />
      <NewestListings />
      <CategoryGrid />
      <HowItWorks />
      <ClosingCallToAction signedIn={signedIn} />
    </>
  );
}
