/**
 * A native <select> styled like the design system's inputs: keyboard, screen reader and mobile pickers
 * work out of the box. (A Radix Select would need @radix-ui/react-select, which is not installed.)
 */
export const nativeSelectClasses =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground focus-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm';
