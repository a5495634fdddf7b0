import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { ImagePlus, Trash2 } from '#web/components/icons/index.js';
import { ACCOUNT_MESSAGES } from '#shared/account-texts.js';
import type { User } from '#shared/auth.js';
import { IMAGE_TEXTS, MAX_IMAGE_BYTES } from '#shared/service-texts.js';
import { Button, buttonVariants } from '#web/components/ui/button.js';
import { Spinner } from '#web/components/ui/spinner.js';
import { toast } from '#web/components/ui/use-toast.js';
import { displayName, UserAvatar } from '#web/components/user-avatar.js';
import { errorMessage } from '#web/lib/api.js';
import { cn } from '#web/lib/utils.js';
import { useRemoveAvatar } from '../api/remove-avatar.js';
import { useUploadAvatar } from '../api/upload-avatar.js';

const UPLOAD_FAILED = 'Could not update your picture';

/** The checks the server makes too, so an obvious mistake is told at once instead of after the upload. */
function problemWith(file: File): string | null {
  if (!file.type.startsWith('image/')) return IMAGE_TEXTS.notAnImage(file.name);
  if (file.size >= MAX_IMAGE_BYTES) return IMAGE_TEXTS.tooLarge(file.name);
  return null;
}

/**
 * The head of the profile: the picture, large, beside `children` (the name and 'Member since'), with 'Upload photo'
 * (or 'Change photo') and 'Remove photo' under them.
 */
export function ProfilePicture({ user, children }: { user: User; children: ReactNode }) {
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [progress, setProgress] = useState(0);
  const inputId = useId();
  const busy = upload.isPending || remove.isPending;
  const hasPicture = user.profileImageUrl !== null;

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // Choosing the same file again must fire another change.
    if (!file) return;
    const problem = problemWith(file);
    if (problem) {
      toast({ variant: 'destructive', title: UPLOAD_FAILED, description: problem });
      return;
    }
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => toast({ title: ACCOUNT_MESSAGES.avatarUpdated }),
        onError: (error) =>
          toast({ variant: 'destructive', title: UPLOAD_FAILED, description: errorMessage(error, 'The picture could not be uploaded. Please try again.') }),
      },
    );
  }

  function onRemove() {
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: ACCOUNT_MESSAGES.avatarRemoved }),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not remove your picture', description: errorMessage(error, 'Please try again later.') }),
    });
  }

  return (
    <div className="flex items-start gap-4 sm:items-center">
      <div className="relative size-20 shrink-0 sm:size-24">
        <UserAvatar
          user={user}
          name={displayName(user)}
          variant="large"
          alt="Your profile picture"
          className={cn('size-full text-2xl sm:text-3xl', upload.isPending && 'opacity-40')}
        />
        {upload.isPending && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label="Uploading your picture" />
          </div>
        )}
      </div>
      <div className="min-w-0 space-y-3">
        <div>{children}</div>
        <div className="flex flex-wrap gap-2">
          <input id={inputId} type="file" accept="image/*" className="peer sr-only" onChange={onFileChosen} disabled={busy} aria-describedby={`${inputId}-hint`} />
          <label
            htmlFor={inputId}
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:pointer-events-none peer-disabled:opacity-60',
            )}
          >
            <ImagePlus aria-hidden="true" />
            {hasPicture ? 'Change photo' : 'Upload photo'}
          </label>
          {hasPicture && (
            <Button variant="ghost" size="sm" onClick={onRemove} disabled={busy}>
              <Trash2 aria-hidden="true" />
              {remove.isPending ? 'Removing...' : 'Remove photo'}
            </Button>
          )}
        </div>
        {upload.isPending && (
          <div className="flex items-center gap-2 text-sm text-muted-foreground">
            <progress className="h-2 w-28 accent-primary" max={1} value={progress} aria-label="Upload progress" />
            <span>{progress < 1 ? `${Math.round(progress * 100)}%` : 'Processing...'}</span>
          </div>
        )}
        <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
          An image under 5MB. Its location and camera details are removed.
        </p>
      </div>
    </div>
  );
}
