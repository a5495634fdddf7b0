import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useFormState } from 'react-hook-form';
import { ApiError, errorMessage } from '../../lib/api.js';

const FALLBACK = 'Something went wrong. Please try again.';

/**
 * Puts a failed call's field errors (`{ message, errors: { currentPassword: … } }`) on the fields this form has,
 * focusing the first; a nested path such as `images.2` belongs to its list field. True when one was shown.
 */
export function showFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fields: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let shown = false;
  for (const [path, message] of Object.entries(error.errors)) {
    const name = fields.find((field) => field === path.split('.')[0]);
    if (!name) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}

/** Status 0: the request never reached the server (api.ts); the person should know it is their connection. */
const unreachable = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 0;

/**
 * The field errors on their fields; anything else becomes the form's own error, shown by <FormErrorAlert>: the
 * server's message, the client's own when the server could not be reached, or a plain sentence.
 */
export function showServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: unknown, fields: readonly Path<T>[]): void {
  if (showFieldErrors(setError, error, fields)) return;
  const message = unreachable(error) ? error.message : errorMessage(error, FALLBACK);
  setError('root.server', { type: 'server', message });
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
