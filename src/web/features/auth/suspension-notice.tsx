import { SANCTION_TEXTS } from '#shared/sanction-texts.js';

/**
 * Under 'Your account has been suspended', once the password was right (decision 047): the reason the administrator
 * gave, and the appeal link, or word that the appeal is with the team.
 */
export function SuspensionNotice({ reason, appealUrl }: { reason: string | null; appealUrl: string | null }) {
  return (
    <div className="space-y-2 rounded-md border p-3 text-sm">
      {reason && <p className="[overflow-wrap:anywhere]">{SANCTION_TEXTS.suspendedReason(reason)}</p>}
      {appealUrl ? (
        <a href={appealUrl} className="font-medium text-link underline underline-offset-4">
          {SANCTION_TEXTS.appealLink}
        </a>
      ) : (
        <p>{SANCTION_TEXTS.appealPending}</p>
      )}
    </div>
  );
}
