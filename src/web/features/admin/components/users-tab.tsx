import { useState } from 'react';
import { ADMIN_TEXTS, joinedLabel, totalUsersLabel, type AdminUser } from '#shared/admin.js';
import { Badge } from '#web/components/ui/badge.js';
import { Button } from '#web/components/ui/button.js';
import { toast } from '#web/components/ui/use-toast.js';
import { UserAvatar } from '#web/components/user-avatar.js';
import { errorMessage } from '#web/lib/api.js';
import { itemsOf } from '../api/query-keys.js';
import { useAdminUsers, useSetBanned } from '../api/users.js';
import { SANCTION_TEXTS } from '#shared/sanctions.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { ReasonField } from './reason-field.js';
import { day } from './format.js';
import { PagedList, TabHeader } from './list-parts.js';

function UserRow({ user, onBan }: { user: AdminUser; onBan: (user: AdminUser) => void }) {
  const setBanned = useSetBanned();
  const name = user.username ?? ADMIN_TEXTS.noUsername;

  function unban() {
    setBanned.mutate(
      { user, banned: false },
      {
        onSuccess: () => toast({ title: ADMIN_TEXTS.unbanned }),
        onError: (error) => toast({ variant: 'destructive', title: ADMIN_TEXTS.unbanFailure, description: errorMessage(error, 'Please try again.') }),
      },
    );
  }

  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-4 text-card-foreground">
      <UserAvatar user={user} name={user.username || user.email || '?'} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium [overflow-wrap:anywhere]">{name}</span>
          {user.isAdmin && <Badge>Admin</Badge>}
          {user.isBanned && <Badge variant="destructive">Banned</Badge>}
        </p>
        <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{user.email ?? 'No email'}</p>
        <p className="text-sm text-muted-foreground">{user.createdAt ? joinedLabel(day(user.createdAt)) : 'Unknown'}</p>
      </div>
      {!user.isAdmin &&
        (user.isBanned ? (
          <Button variant="outline" size="sm" onClick={unban} disabled={setBanned.isPending} aria-label={`Unban ${name}`}>
            Unban
          </Button>
        ) : (
          <Button variant="destructive" size="sm" onClick={() => onBan(user)} aria-label={`Ban ${name}`}>
            Ban
          </Button>
        ))}
    </li>
  );
}

/** The specification (§2), Users: every account, newest first, with Ban and Unban for everyone but the administrators. */
export function UsersTab() {
  const users = useAdminUsers();
  const setBanned = useSetBanned();
  const [banning, setBanning] = useState<AdminUser | null>(null);
  const [reason, setReason] = useState('');
  const total = users.data?.pages[0]?.total;

  function ban() {
    if (!banning) return;
    setBanned.mutate(
      { user: banning, banned: true, reason },
      {
        onSuccess: () => {
          toast({ title: ADMIN_TEXTS.banned });
          setBanning(null);
          setReason('');
        },
        onError: (error) => toast({ variant: 'destructive', title: ADMIN_TEXTS.banFailure, description: errorMessage(error, 'Please try again.') }),
      },
    );
  }

  return (
    <section aria-labelledby="admin-users-title">
      <TabHeader id="admin-users-title" title={ADMIN_TEXTS.usersTitle} count={total === undefined ? undefined : totalUsersLabel(total)} />
      <PagedList query={users} failure={ADMIN_TEXTS.fetchUsersFailure}>
        <ul className="grid gap-3">
          {itemsOf(users.data, (page) => page.users).map((user) => (
            <UserRow key={user.id} user={user} onBan={setBanning} />
          ))}
        </ul>
      </PagedList>
      <ConfirmDialog
        open={banning !== null}
        onOpenChange={(open) => !open && setBanning(null)}
        title={`Ban ${banning?.username ?? banning?.email ?? 'this user'}?`}
        description="They are signed out at once and cannot sign in again, and their listings are hidden from everyone. Nothing is deleted: unbanning restores it all."
        confirmLabel="Ban"
        pending={setBanned.isPending}
        onConfirm={ban}
      >
        <ReasonField label={SANCTION_TEXTS.banReasonLabel} value={reason} onChange={setReason} />
      </ConfirmDialog>
    </section>
  );
}
