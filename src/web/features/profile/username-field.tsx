import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { usernameUpdateSchema, type User } from '#shared/auth.js';
import { Button } from '../../components/ui/button.js';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form.js';
import { Input } from '../../components/ui/input.js';
import { toast } from '../../components/ui/use-toast.js';
import { errorMessage } from '../../lib/api.js';
import { useUpdateUsername } from '../auth/index.js';

type UsernameFormInput = z.input<typeof usernameUpdateSchema>;
type UsernameFormOutput = z.output<typeof usernameUpdateSchema>;

/** The username in view mode, or a small form in edit mode. */
export function UsernameField({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const updateUsername = useUpdateUsername();
  const form = useForm<UsernameFormInput, unknown, UsernameFormOutput>({
    resolver: zodResolver(usernameUpdateSchema),
    defaultValues: { username: user.username ?? '' },
  });

  function startEditing() {
    form.reset({ username: user.username ?? '' });
    setEditing(true);
  }

  function onSubmit({ username }: UsernameFormOutput) {
    updateUsername.mutate(username, {
      onSuccess: () => {
        toast({ title: 'Username updated successfully' });
        setEditing(false);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Failed to update username',
          description: errorMessage(error, 'Please try again later.'),
        });
      },
    });
  }

  if (!editing) {
    return (
      <div className="flex items-end justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h3 className="text-sm font-medium">Username</h3>
          <p className={user.username ? '[overflow-wrap:anywhere]' : 'text-muted-foreground'}>{user.username || 'Not set'}</p>
        </div>
        <Button variant="outline" size="sm" onClick={startEditing}>
          Edit<span className="sr-only"> username</span>
        </Button>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} className="space-y-3" noValidate>
        <FormField
          control={form.control}
          name="username"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Username</FormLabel>
              <FormControl>
                <Input autoComplete="username" autoFocus {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" disabled={updateUsername.isPending}>
            {updateUsername.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setEditing(false)} disabled={updateUsername.isPending}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}
