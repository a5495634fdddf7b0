import { Handshake, Search, UserPlus, type IconComponent } from '../../components/icons/index.js';

const STEPS: ReadonlyArray<{ title: string; text: string; icon: IconComponent }> = [
  {
    title: 'Create an Account',
    text: 'Sign up for free and set up your profile so neighbours know who they are talking to.',
    icon: UserPlus,
  },
  {
    title: 'Find or Offer Services',
    text: 'Browse listings from people nearby, post the help you are looking for, or offer your own skills.',
    icon: Search,
  },
  {
    title: 'Connect Directly',
    text: 'Message each other through the platform to agree on the details — no commissions or fees.',
    icon: Handshake,
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-it-works-title" className="bg-muted">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="how-it-works-title" className="text-center text-3xl font-bold tracking-tight">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-8 md:grid-cols-3">
          {STEPS.map((step) => (
            <li key={step.title} className="flex flex-col items-center text-center">
              <span className="flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
                <step.icon className="size-7" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">
                {step.title}
              </h3>
              <p className="mt-2 max-w-xs text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
