import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.js';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A checkbox: the native control in the theme's colour. It works before the page's scripts have run and needs no code
 * of its own, so a page that only filters or shows listings does not wait for a component library (decision 068).
 */
export function Checkbox({ className, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      className={cn(
        'peer size-5 shrink-0 cursor-pointer rounded-sm accent-primary focus-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      onChange={(event) => onCheckedChange?.(event.target.checked)}
      {...props}
    />
  );
}
