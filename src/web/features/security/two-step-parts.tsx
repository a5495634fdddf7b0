import { useEffect, useRef, type ReactNode } from 'react';
import { TWO_STEP_PAGE_TEXTS } from '#shared/two-step.js';
import { toast } from '#web/components/ui/use-toast.js';

/**
 * The heading of a step of the setup, focused when the step appears: the previous step's button is gone, and a
 * screen reader then reads where the person is now.
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h3 ref={ref} tabIndex={-1} className="font-semibold outline-none">
      {children}
    </h3>
  );
}

/** Copies to the clipboard and says so; a browser that refuses (no permission, no secure context) says that instead. */
export async function copyText(text: string, copied: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: copied });
  } catch {
    toast({ variant: 'destructive', title: TWO_STEP_PAGE_TEXTS.copyFailed });
  }
}
