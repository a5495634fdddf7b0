import type { User } from '#shared/auth.js';
import { Label } from '../../components/ui/label.js';
import { Switch } from '../../components/ui/switch.js';
import { toast } from '../../components/ui/use-toast.js';
import { errorMessage } from '../../lib/api.js';
import { useUpdateEmailNotifications } from '../auth/index.js';

export function EmailNotificationsSetting({ user }: { user: User }) {
  const update = useUpdateEmailNotifications();
  // While the change is on its way, show the value asked for rather than the old one.
  const checked = update.isPending ? update.variables : (user.emailNotificationsEnabled ?? true);

  function onCheckedChange(next: boolean) {
    update.mutate(next, {
      onSuccess: () => toast({ title: 'Email notifications updated' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to update notifications',
          description: errorMessage(error, 'Please try again later.'),
        }),
    });
  }

  return (
    <div className="flex items-start justify-between gap-4">
      <div className="space-y-1">
        <Label htmlFor="email-notifications" className="leading-snug">Email notifications for direct messages</Label>
        <p id="email-notifications-description" className="text-sm text-muted-foreground">
          Get an email when someone sends you a direct message.
        </p>
      </div>
      <Switch
        id="email-notifications"
        aria-describedby="email-notifications-description"
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={update.isPending}
      />
    </div>
  );
}
