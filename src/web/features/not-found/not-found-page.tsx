import { CircleAlert } from '../../components/icons/index.js';
import { Link } from 'wouter';
import { paths } from '../../core/paths.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent } from '../../components/ui/card.js';
import { useNotFoundStatus, usePageMeta } from '../../lib/use-page-meta.js';

export default function NotFoundPage() {
  usePageMeta('Page Not Found', 'The page you were looking for does not exist.', { noIndex: true });
  useNotFoundStatus();
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <div className="flex items-center gap-2">
            <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline">
            <Link href={paths.home}>Go to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
