import { CircleAlert } from '../../components/icons/index.js';
import { Link } from 'wouter';
import { paths } from '../../core/paths.js';
import { Button } from '../../components/ui/button.js';
import { useNotFoundStatus, usePageMeta } from '../../lib/use-page-meta.js';
import { PageNotice } from './unavailable-page.js';

export default function NotFoundPage() {
  usePageMeta('Page Not Found', 'The page you were looking for does not exist.', { noIndex: true });
  useNotFoundStatus();
  return (
    <PageNotice icon={CircleAlert} iconClassName="text-destructive" heading="404 Page Not Found" description="Did you forget to add the page to the router?">
      <Button asChild variant="outline">
        <Link href={paths.home}>Go to the home page</Link>
      </Button>
    </PageNotice>
  );
}
