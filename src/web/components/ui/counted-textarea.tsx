import { type ComponentProps, useId } from 'react';
import { cn } from '../../lib/utils.js';
import { Label } from './label.js';
import { Textarea } from './textarea.js';

interface CountedTextareaProps extends Omit<ComponentProps<typeof Textarea>, 'id' | 'maxLength'> {
  label: string;
  /** Characters typed so far (the form's watched value, or the controlled one). */
  length: number;
  limit: number;
  /** The field's own problem (too long), announced as it appears. */
  error?: string;
}

/**
 * A text box with its label and a live 'typed/max' counter, which screen readers hear as its description: a review's
 * words and a report's description (the specification's counters), an appeal, a sanction's reason.
 */
export function CountedTextarea({ label, length, limit, error, className, ...textarea }: CountedTextareaProps) {
  const ids = { field: useId(), counter: useId() };
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={ids.field}>{label}</Label>
      <Textarea id={ids.field} maxLength={limit} aria-describedby={ids.counter} aria-invalid={error ? true : undefined} {...textarea} />
      <p id={ids.counter} className="text-right text-xs text-muted-foreground">
        {length}/{limit}
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
