import { Link } from 'wouter';
import {
  ArrowRight,
  CircleDollarSign,
  ClipboardList,
  Flag,
  HandHelping,
  HeartHandshake,
  LogIn,
  MessagesSquare,
  ShieldCheck,
  Star,
  Users,
  Wrench,
  type IconComponent,
} from '../../components/icons/index.js';
import { paths } from '../../core/paths.js';
import { usePageMeta } from '../../lib/use-page-meta.js';

interface AudienceGuide {
  id: string;
  icon: IconComponent;
  title: string;
  intro: string;
  steps: string[];
}

const AUDIENCES: AudienceGuide[] = [
  {
    id: 'providers',
    icon: Wrench,
    title: 'For providers',
    intro: 'Share what you are good at with the people who live around you.',
    steps: [
      'Sign in and choose "Offer a Service".',
      'Pick a category, describe what you do, add a few photos and the days you are available.',
      'Set an hourly or fixed rate, or mark that your prices vary.',
      'Reply to neighbours who message you and agree the details together.',
    ],
  },
  {
    id: 'requesters',
    icon: HandHelping,
    title: 'For requesters',
    intro: 'Need a hand? Let helpers nearby come to you.',
    steps: [
      'Sign in and choose "Request Services".',
      'Explain what you need, where, and which days suit you.',
      'Add a budget if you have one, or leave it open to discuss.',
      'Helpers who can assist will send you a message.',
    ],
  },
  {
    id: 'members',
    icon: Users,
    title: 'For every member',
    intro: 'Everything you need to find the right person and build trust.',
    steps: [
      'Browse listings by category, type or keyword, with no account needed.',
      'Like listings to show appreciation and message providers directly.',
      'Mark a service complete from your conversation and leave a star review.',
      'Flag anything that looks wrong so our team can take a look.',
    ],
  },
];

interface Value {
  icon: IconComponent;
  title: string;
  text: string;
}

const VALUES: Value[] = [
  {
    icon: Star,
    title: 'Trust',
    text: 'Honest listings and reviews from real neighbours help everyone choose with confidence. Each person has one account, so the name behind a listing or review stays meaningful.',
  },
  {
    icon: HeartHandshake,
    title: 'Neighbourliness',
    text: 'We believe the best help is often just down the street. Whether you tutor, walk dogs, rake leaves or fix laptops, this is a place to offer what you can and ask for what you need.',
  },
  {
    icon: ShieldCheck,
    title: 'Safety',
    text: 'All contact happens through messages inside the site, so you never have to share your phone number or email to get started. No money changes hands on the site, and you can report any listing that seems inappropriate.',
  },
];

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';

export default function AboutPage() {
  usePageMeta(
    'About | Community Services Marketplace',
    'Learn how Community Services Marketplace connects neighbours with local helpers for tutoring, yard work, pet care, childcare and more, with no commissions or fees.',
  );

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
      <header className="text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">
          About us
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          Neighbours helping neighbours
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
          Community Services Marketplace connects people with local helpers for tutoring, yard
          work, pet care, childcare, tech help, household tasks, creative projects and sports and
          fitness. Offer your skills, ask for a hand, and get to know the people who live nearby.
        </p>
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link
            href={paths.services}
            className={`inline-flex items-center justify-center gap-2 rounded-md bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground shadow-sm transition-opacity hover:opacity-90 ${focusRing}`}
          >
            Browse services
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
          <a
            href="/api/login"
            className={`inline-flex items-center justify-center gap-2 rounded-md border border-border bg-card px-5 py-2.5 text-sm font-semibold text-foreground shadow-sm transition-colors hover:border-primary ${focusRing}`}
          >
            <LogIn className="size-4" aria-hidden="true" />
            Join the community
          </a>
        </div>
      </header>

      <section aria-labelledby="about-how-it-works" className="mt-16">
        <h2
          id="about-how-it-works"
          className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
        >
          How it works
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">
          Anyone can browse listings. Sign in to post a listing, send messages, like listings and
          leave reviews. Listings come in two kinds: services that members offer, and help-wanted
          requests from members looking for assistance.
        </p>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {AUDIENCES.map(({ id, icon: Icon, title, intro, steps }) => (
            <section
              key={id}
              aria-labelledby={`about-${id}`}
              className="flex flex-col rounded-lg border border-border bg-card p-6 shadow-sm"
            >
              <span className="inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 id={`about-${id}`} className="mt-4 text-lg font-semibold text-foreground">
                {title}
              </h3>
              <p className="mt-2 text-sm text-muted-foreground">{intro}</p>
              <ol className="mt-4 space-y-2 text-sm text-foreground">
                {steps.map((step, index) => (
                  <li key={step} className="flex gap-3">
                    <span
                      className="inline-flex size-6 shrink-0 items-center justify-center rounded-full border border-border text-xs font-semibold text-primary"
                      aria-hidden="true"
                    >
                      {index + 1}
                    </span>
                    <span>{step}</span>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      </section>

      <section aria-labelledby="about-values" className="mt-16">
        <h2
          id="about-values"
          className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
        >
          What we stand for
        </h2>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-lg border border-border bg-card p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <Icon className="size-6 shrink-0 text-primary" aria-hidden="true" />
                <h3 className="text-lg font-semibold text-foreground">{title}</h3>
              </div>
              <p className="mt-3 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="about-no-fees"
        className="mt-16 rounded-lg border border-border bg-card p-6 shadow-sm sm:p-8"
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <CircleDollarSign className="size-10 shrink-0 text-primary" aria-hidden="true" />
          <div>
            <h2 id="about-no-fees" className="text-2xl font-bold tracking-tight text-foreground">
              No commissions. No fees.
            </h2>
            <p className="mt-3 text-muted-foreground">
              Community Services Marketplace is free to use. There are no commissions or fees for
              posting listings, sending messages or finding help, and we never take a cut of what
              you earn. The site does not handle payments at all: if you agree a price with
              another member, you settle it directly with each other, outside the site.
            </p>
          </div>
        </div>
      </section>

      <section aria-labelledby="about-safety-tips" className="mt-16">
        <h2
          id="about-safety-tips"
          className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
        >
          Staying safe together
        </h2>
        <ul className="mt-6 space-y-4">
          <li className="flex gap-3">
            <MessagesSquare className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="text-muted-foreground">
              <span className="font-semibold text-foreground">Keep conversations on the site.</span>{' '}
              Contact between members happens only through direct messages, so you decide what
              to share and when.
            </p>
          </li>
          <li className="flex gap-3">
            <ClipboardList className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="text-muted-foreground">
              <span className="font-semibold text-foreground">Ask questions first.</span> Check
              reviews, talk through the details and agree on expectations before any work begins.
            </p>
          </li>
          <li className="flex gap-3">
            <Flag className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
            <p className="text-muted-foreground">
              <span className="font-semibold text-foreground">Speak up.</span> If a listing seems
              inappropriate, misleading or unsafe, report it and our team will review it.
            </p>
          </li>
        </ul>
        <p className="mt-6 text-sm text-muted-foreground">
          Members must be at least 13, and members aged 13 to 17 need a parent or guardian's
          approval. Read the full{' '}
          <Link
            href={paths.terms}
            className={`font-medium text-primary underline underline-offset-4 hover:no-underline ${focusRing}`}
          >
            Terms and Privacy Policy
          </Link>{' '}
          to learn more about how the community works.
        </p>
      </section>

      <section
        aria-labelledby="about-get-started"
        className="mt-16 rounded-lg border border-border bg-card px-6 py-10 text-center shadow-sm"
      >
        <h2
          id="about-get-started"
          className="text-2xl font-bold tracking-tight text-foreground sm:text-3xl"
        >
          Ready to get involved?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          See what your neighbours are offering and asking for, or create an account to post your
          own listing.
        </p>
        <div className="mt-6 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Link
            href={paths.services}
            className={`inline-flex items-center justify-center gap-2 rounded-md bg-primary px-5 py-2.5 text-sm font-semibold text-primary-foreground shadow-sm transition-opacity hover:opacity-90 ${focusRing}`}
          >
            Find services
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
          <a
            href="/api/login"
            className={`inline-flex items-center justify-center gap-2 rounded-md border border-border bg-card px-5 py-2.5 text-sm font-semibold text-foreground shadow-sm transition-colors hover:border-primary ${focusRing}`}
          >
            <LogIn className="size-4" aria-hidden="true" />
            Sign up or log in
          </a>
        </div>
      </section>
    </div>
  );
}
