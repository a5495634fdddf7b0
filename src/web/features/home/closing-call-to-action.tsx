import { Link } from 'wouter';
import { paths } from '../../core/paths.js';
import { Button } from '../../components/ui/button.js';
import { SIGN_UP_URL } from '../../lib/site.js';

export function ClosingCallToAction({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 lg:px-8">
      <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
        Ready to get started?
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
        Join your neighbours in sharing skills and finding the help you need.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {!signedIn && (
          <Button asChild size="lg">
            <a href={SIGN_UP_URL}>Create an Account</a>
          </Button>
        )}
        <Button asChild size="lg" variant={signedIn ? 'default' : 'outline'}>
          <Link href={paths.services}>Browse Services</Link>
        </Button>
      </div>
    </section>
  );
}
