/**
 * What a person did on a server-rendered page before the app ran: taps on its buttons and words typed in its fields,
 * recorded by the boot script (`src/web/public/page-boot.js`) from the first paint until the app has hydrated, and done
 * again then (decision 068).
 */
interface EarlyInput {
  /**
   * Stops recording (the app has hydrated: its buttons answer from now on) and does again what was recorded, in order,
   * on the elements it was done to.
   */
  replay(): void;
}

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}

export const replayEarlyInput = () => window.__earlyInput?.replay();
