import { Link } from 'wouter';
import { paths } from '../../core/paths.js';
import { Button } from '../../components/ui/button.js';
import { OfferAndRequestButtons } from '../../components/signed-in-link.js';

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="hero-title" className="bg-secondary">
      <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-secondary-foreground sm:text-5xl">
          Connect with helpers in your community
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-foreground">
          Find neighbours offering tutoring, yard work, pet care, childcare, tech help and more — or offer your own
          skills to the people around you.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link href={paths.services}>Find Services</Link>
          </Button>
          <OfferAndRequestButtons signedIn={signedIn} offerVariant="outline" />
        </div>
      </div>
    </section>
  );
}
