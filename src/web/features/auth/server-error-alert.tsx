import { ApiError } from '../../lib/api.js';

const FALLBACK = 'Something went wrong. Please try again.';

/** The server's field errors when it sent them, otherwise its message. Always rendered so screen readers announce changes. */
export function ServerErrorAlert({ error }: { error: unknown }) {
  const apiError = error instanceof ApiError ? error : null;
  const fieldErrors = apiError?.errors ? Object.values(apiError.errors) : [];
  const message = error ? (apiError?.message ?? FALLBACK) : null;

  return (
    <div role="alert" className="empty:hidden">
      {fieldErrors.length > 0 ? (
        <ul className="space-y-1 rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
          {fieldErrors.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : (
        message && (
          <p className="rounded-md border border-destructive p-3 text-sm font-medium text-destructive">{message}</p>
        )
      )}
    </div>
  );
}
