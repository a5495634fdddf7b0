import { toast } from '../components/ui/use-toast.js';

const STORAGE_KEY = 'toast-after-load';

interface StoredToast {
  title: string;
  description?: string;
}

/**
 * Shows a toast on the page a full page load is about to open. Some successes must reload the whole app (a new
 * session after a password reset, none after deleting the account), and a toast shown before the load is lost.
 */
export function toastAfterLoad(input: StoredToast, url: string): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(input));
  } catch {
    // Storage refused (private mode, quota): the page still loads, only without the toast.
  }
  window.location.assign(url);
}

/** Shows the toast a previous page left for this load, once. */
export function showToastLeftForThisLoad(): void {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return;
  }
  if (!stored) return;
  try {
    const { title, description } = JSON.parse(stored) as StoredToast;
    if (typeof title !== 'string') return;
    // After this commit's effects, so the toaster is already listening.
    setTimeout(() => toast({ title, description: typeof description === 'string' ? description : undefined }), 0);
  } catch {
    // Not ours or damaged: nothing to show.
  }
}
