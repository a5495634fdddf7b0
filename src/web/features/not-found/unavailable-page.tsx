import type { ReactNode } from 'react';
import type { IconComponent } from '../../components/icons/index.js';
import { Card, CardContent } from '../../components/ui/card.js';
import { cn } from '../../lib/utils.js';
import { useNotFoundStatus, usePageMeta } from '../../lib/use-page-meta.js';

interface NoticeProps {
  icon: IconComponent;
  /** The icon's colour: muted unless the notice is an error. */
  iconClassName?: string;
  heading: string;
  /** One sentence, shown under the heading. */
  description: string;
  /** The way on: a link to what the reader may still see. */
  children: ReactNode;
}

/** A page that is only a notice: an icon, a heading, a sentence and a way on, in a card in the middle of the page. */
export function PageNotice({ icon: Icon, iconClassName, heading, description, children }: NoticeProps) {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-10">
      <Card className="w-full max-w-md">
        <CardContent className="grid gap-4 pt-6">
          <div className="flex items-start gap-3">
            <Icon className={cn('mt-0.5 size-7 shrink-0 text-muted-foreground', iconClassName)} aria-hidden="true" />
            <h1 className="text-2xl font-bold leading-tight [text-wrap:balance]">{heading}</h1>
          </div>
          <p className="text-muted-foreground">{description}</p>
          <div className="flex flex-wrap gap-2">{children}</div>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * A page whose address names something that is there but may not be seen (decision 069): a listing removed, expired
 * or no longer available, a member's page not available. It says so in people's words, offers a way on, and answers
 * 404, kept out of search engines; its sentence is the meta description a link preview shows. The specification's
 * not-found screen stays for addresses that name nothing.
 */
export function UnavailablePage(props: Omit<NoticeProps, 'iconClassName'>) {
  usePageMeta(props.heading, props.description, { noIndex: true });
  useNotFoundStatus();
  return <PageNotice {...props} />;
}
