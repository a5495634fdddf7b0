/**
 * What a person did on a server-rendered page before the app ran: taps on its buttons and words typed in its fields,
 * recorded by the boot script (`src/web/public/page-boot.js`) from the first paint and done again once the app has
 * taken the page over (decision 068).
 */
interface EarlyInput {
  /** The app's root listens from now on: React keeps and replays what happens while it hydrates. */
  stop(): void;
  /** Does again what was recorded, in order, on the elements it was done to. */
  replay(): void;
}

declare global {
  interface Window {
    __earlyInput?: EarlyInput;
  }
}

export const stopRecordingEarlyInput = () => window.__earlyInput?.stop();
export const replayEarlyInput = () => window.__earlyInput?.replay();
