import { useRef } from 'react';
import { describeBrowser, lastActiveText, SESSIONS_SECTION_ID, SESSIONS_TEXTS, SIGN_IN_METHOD_TEXTS, signedOutOthersText } from '#shared/sessions-texts.js';
import { SESSIONS_LISTED_MAX, TWO_STEP_TEXTS, type SessionInfo } from '#shared/two-step.js';
import { QuerySection } from '#web/components/query-section.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';
import { ApiError, errorMessage } from '#web/lib/api.js';
import { formatDay, useTimeZone } from '#web/lib/dates.js';
import { useBringIntoViewOnArrival } from '#web/lib/use-bring-into-view-on-arrival.js';
import { useSessions } from './api/list-sessions.js';
import { useSignOutOtherSessions } from './api/sign-out-other-sessions.js';
import { useSignOutSession } from './api/sign-out-session.js';
import { useWithRecentSignIn, type WithRecentSignIn } from './use-with-recent-sign-in.js';

function SessionItem({
  session,
  now,
  confirm,
  onSignedOut,
}: {
  session: SessionInfo;
  now: number;
  confirm: WithRecentSignIn['run'];
  onSignedOut: () => void;
}) {
  const timeZone = useTimeZone();
  const signOut = useSignOutSession();
  const name = describeBrowser(session);
  const day = (iso: string) => formatDay(iso, timeZone);
  const began = session.method ? SIGN_IN_METHOD_TEXTS[session.method] : SESSIONS_TEXTS.signedInUnknownMethod;

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium [overflow-wrap:anywhere]">{name}</p>
          {session.current && <Badge variant="secondary">{SESSIONS_TEXTS.thisDevice}</Badge>}
          {session.secondFactor && <Badge variant="outline">{SESSIONS_TEXTS.secondFactorBadge}</Badge>}
        </div>
        <p className="text-muted-foreground">
          {began} on {day(session.createdAt)} · {session.current ? SESSIONS_TEXTS.activeNow : lastActiveText(session.lastSeenAt, now, day)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          disabled={signOut.isPending}
          // mutateAsync rather than mutate's callbacks: this item is gone once the list is read again.
          onClick={() =>
            confirm(() => signOut.mutateAsync(session.id), {
              onSuccess: () => {
                toast({ title: SESSIONS_TEXTS.signedOutOne, description: name });
                onSignedOut();
              },
              onError: (error) => {
                if (error instanceof ApiError && error.status === 404) {
                  toast({ title: TWO_STEP_TEXTS.sessionNotFound });
                  onSignedOut();
                } else {
                  toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, SESSIONS_TEXTS.signOutFailed) });
                }
              },
            })
          }
        >
          {signOut.isPending ? SESSIONS_TEXTS.signingOut : SESSIONS_TEXTS.signOut}
          <span className="sr-only">
            {' '}
            {name}, {began.toLowerCase()} on {day(session.createdAt)}
          </span>
        </Button>
      )}
    </li>
  );
}

/**
 * The profile's 'Where you are signed in' (decision 054): each session's browser and system, how and when
 * it began and when it was last used, this one marked; any other one can be signed out, or all of them at once. The
 * current one is not offered here: the page's own Sign Out does that. After an older sign-in, signing out first asks the
 * member to confirm it is them (decision 061).
 */
export function SessionsSection() {
  const sessionsQuery = useSessions();
  const signOutOthers = useSignOutOtherSessions();
  const confirm = useWithRecentSignIn();
  const container = useRef<HTMLDivElement>(null);
  // The new-device email links here (/profile#sessions).
  useBringIntoViewOnArrival(SESSIONS_SECTION_ID, container, sessionsQuery.isSuccess);
  // This device first, then the others newest first, as the server gives them.
  const sessions = [...(sessionsQuery.data?.sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const hasOthers = sessions.some((session) => !session.current);
  // 'Last active' counts from when the list was read, not from each render.
  const readAt = sessionsQuery.dataUpdatedAt;
  // The button that was pressed goes away with its session: the keyboard carries on from the section.
  const focusSection = () => container.current?.focus({ preventScroll: true });

  function signOutEverywhereElse() {
    confirm.run(() => signOutOthers.mutateAsync(), {
      onSuccess: ({ signedOut }) => {
        toast({ title: signedOutOthersText(signedOut) });
        focusSection();
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Error', description: errorMessage(error, SESSIONS_TEXTS.signOutFailed) }),
    });
  }

  return (
    <div id={SESSIONS_SECTION_ID} ref={container} tabIndex={-1} className="scroll-mt-20 focus:outline-none">
      <QuerySection
        title={SESSIONS_TEXTS.title}
        help={SESSIONS_TEXTS.help}
        query={sessionsQuery}
        loadingLabel={SESSIONS_TEXTS.loading}
        failure={SESSIONS_TEXTS.failure}
        empty={sessions.length === 0 ? SESSIONS_TEXTS.empty : null}
      >
        <ul className="divide-y rounded-md border">
          {sessions.map((session) => (
            <SessionItem key={session.id} session={session} now={readAt} confirm={confirm.run} onSignedOut={focusSection} />
          ))}
        </ul>
        {sessions.length >= SESSIONS_LISTED_MAX && <p className="text-sm text-muted-foreground">{SESSIONS_TEXTS.listCapped(SESSIONS_LISTED_MAX)}</p>}
        {hasOthers && (
          <Button variant="outline" size="sm" onClick={signOutEverywhereElse} disabled={signOutOthers.isPending}>
            {signOutOthers.isPending ? SESSIONS_TEXTS.signingOut : SESSIONS_TEXTS.signOutEverywhereElse}
          </Button>
        )}
      </QuerySection>
      {confirm.dialog}
    </div>
  );
}
