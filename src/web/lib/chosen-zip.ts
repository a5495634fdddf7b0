/**
 * The ZIP code a person last chose in browse's Near control, kept in this browser only (decision 072): Home then
 * shows the newest listings near it. It never leaves the browser on its own (no cookie): the app sends it only as the
 * `near` of the listings Home asks for. Choosing 'Anywhere' or emptying the box forgets it.
 */
const CHOSEN_ZIP_KEY = 'csm:chosen-zip';
const FIVE_DIGITS = /^\d{5}$/;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Blocked storage (or a server render): nothing is remembered, and Home shows the newest anywhere.
    return null;
  }
}

/** Remembers a chosen ZIP code; anything else (empty, 'anywhere') forgets the one remembered. */
export function rememberChosenZip(near: string | undefined): void {
  const store = storage();
  if (!store) return;
  try {
    if (near && FIVE_DIGITS.test(near)) store.setItem(CHOSEN_ZIP_KEY, near);
    else store.removeItem(CHOSEN_ZIP_KEY);
  } catch {
    // A full or read-only storage keeps what it had: Home is only less precise.
  }
}

/** The ZIP code chosen last in this browser, if any. */
export function chosenZip(): string | null {
  try {
    const stored = storage()?.getItem(CHOSEN_ZIP_KEY) ?? null;
    return stored && FIVE_DIGITS.test(stored) ? stored : null;
  } catch {
    return null;
  }
}
