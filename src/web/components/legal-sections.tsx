import { cn } from '../lib/utils.js';

/** One numbered section of the terms or the privacy policy: its anchor, title, paragraphs and an optional list. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  bullets?: string[];
}

type Level = 2 | 3;

/**
 * A titled group of numbered legal sections. `level` is the heading level of the group title;
 * each section's title sits one level below, so the page keeps its headings in order.
 */
export function LegalSections({
  id,
  title,
  sections,
  level = 2,
  className,
}: {
  id: string;
  title: string;
  sections: readonly LegalSection[];
  level?: Level;
  className?: string;
}) {
  const GroupHeading = level === 2 ? 'h2' : 'h3';
  const SectionHeading = level === 2 ? 'h3' : 'h4';
  return (
    <section aria-labelledby={id} className={cn('space-y-6', className)}>
      <GroupHeading id={id} className={level === 2 ? 'text-2xl font-bold tracking-tight' : 'text-xl font-bold'}>
        {title}
      </GroupHeading>
      {sections.map((section, index) => (
        <section key={section.id} id={`${id}-${section.id}`} aria-labelledby={`${id}-${section.id}-title`} className="space-y-3">
          <SectionHeading id={`${id}-${section.id}-title`} className="text-lg font-semibold">
            {index + 1}. {section.title}
          </SectionHeading>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed text-foreground">
              {paragraph}
            </p>
          ))}
          {section.bullets && (
            <ul className="list-disc space-y-1 pl-6 leading-relaxed">
              {section.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}
