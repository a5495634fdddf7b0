import { useEffect, useState } from 'react';
import { ShieldAlert } from '#web/components/icons/index.js';
import { SAFETY_TEXTS } from '#shared/messaging-limits.js';

type SafetyCheck = (text: string) => readonly string[];

/**
 * Whether the draft would carry a safety flag once sent (decision 044): the same check the server makes, loaded with
 * the composer's first draft rather than with the page (its phone and link parsers weigh about 40 KB).
 */
export function useSafetyFlags(draft: string): boolean {
  const [check, setCheck] = useState<SafetyCheck | null>(null);
  const wanted = draft.trim() !== '';
  useEffect(() => {
    if (!wanted || check) return;
    let current = true;
    import('#shared/safety-flags.js').then(
      ({ safetyFlagsOf }) => current && setCheck(() => safetyFlagsOf),
      () => {
        // Without the check the message is sent all the same; the recipient still sees the server's flags.
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, check]);
  return check !== null && wanted && check(draft).length > 0;
}

/** The sender's one-line notice under a draft that would be flagged (decision 044): nothing is blocked. */
export function SenderSafetyNotice({ id }: { id: string }) {
  return (
    <p id={id} className="flex gap-2 text-sm text-muted-foreground">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" />
      {SAFETY_TEXTS.senderNotice}
    </p>
  );
}
