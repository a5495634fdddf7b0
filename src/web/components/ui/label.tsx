import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.js';

/** A form label: the native element, which needs no code of its own to work (decision 068). */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70', className)} {...props} />;
}
