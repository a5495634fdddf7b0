import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useFormState } from 'react-hook-form';
import { ApiError, errorMessage } from '../../../lib/api.js';

const FALLBACK = 'Something went wrong. Please try again.';

/**
 * Puts a failed call's field errors (`errors.currentPassword`…) on the fields this form has, focusing the first;
 * anything else becomes the form's own error, shown by <FormErrorAlert>.
 */
export function showServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fields: readonly Path<T>[]): void {
  if (error instanceof ApiError && error.errors) {
    let shown = false;
    for (const [field, message] of Object.entries(error.errors)) {
      const name = fields.find((f) => f === field);
      if (!name) continue;
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
    if (shown) return;
  }
  setError('root.server', { type: 'server', message: errorMessage(error, FALLBACK) });
}

/** The form's own error (not tied to a field). Always rendered, so screen readers announce it when it appears. */
export function FormErrorAlert() {
  const { errors } = useFormState();
  const message = errors.root?.server?.message;
  return (
    <div role="alert" className="empty:hidden">
      {message && <p className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">{message}</p>}
    </div>
  );
}
