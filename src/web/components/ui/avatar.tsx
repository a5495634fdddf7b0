import { useState, type ComponentProps } from 'react';
import { cn } from '../../lib/utils.js';

// A picture over its initial, in plain elements: the picture shows as soon as it arrives, before the page's scripts,
// and the initial beneath it shows while it loads or if it fails (decision 068).
export function Avatar({ className, ...props }: ComponentProps<'span'>) {
  return <span className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full', className)} {...props} />;
}

export function AvatarImage({ className, onError, ...props }: ComponentProps<'img'>) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      className={cn('absolute inset-0 z-10 aspect-square size-full object-cover', className)}
      onError={(event) => {
        setFailed(true);
        onError?.(event);
      }}
      {...props}
    />
  );
}

export function AvatarFallback({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn('flex size-full items-center justify-center rounded-full bg-secondary font-medium text-secondary-foreground', className)}
      {...props}
    />
  );
}
