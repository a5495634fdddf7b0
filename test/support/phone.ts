/**
 * What a person on a phone feels in the first seconds of a server-rendered page (decision 068): the page loaded in the
 * system Chromium under the throttling of Lighthouse's mobile preset, applied for real through the DevTools protocol
 * (CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; 390 × 844), and at the first contentful paint a
 * person's first act (a tap on the theme button, typing in the search box, Like, Message). Reported per run: first
 * contentful paint, the moment the app has taken the page over (`<html data-started>`, set once hydration has
 * committed), the JavaScript transferred by then, and whether the act took effect.
 */
import { chromium, type Browser, type Page } from '@playwright/test';

export const PHONE_THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  viewport: { width: 390, height: 844 },
} as const;

/** One act a person does at the first paint, and how to tell it worked. */
export interface FirstAct {
  name: string;
  act: (page: Page) => Promise<void>;
  /** Resolves true once the act has visibly taken effect, false when it has not within the wait. */
  tookEffect: (page: Page) => Promise<boolean>;
}

export interface PhoneRun {
  fcpMs: number;
  startedMs: number;
  /** From the first contentful paint to the app's start. */
  hydrationAfterFcpMs: number;
  /** Script bytes on the wire (compressed) that had arrived when the app started. */
  scriptBytesBeforeStart: number;
  scriptsBeforeStart: number;
  /** When the act was done, after navigation started. */
  actedAtMs: number;
  tookEffect: boolean;
}

const EFFECT_WAIT_MS = 4_000;
const START_WAIT_MS = 30_000;

/** True once `check` passes within the wait. */
export async function within(check: () => Promise<boolean>, ms = EFFECT_WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/** The acts the benchmark and the end-to-end test try on each public page. */
export const themeMenuOpens: FirstAct = {
  name: 'theme button',
  act: (page) => page.getByRole('button', { name: /Change theme/ }).first().click({ timeout: 10_000 }),
  tookEffect: (page) => within(() => page.getByRole('menuitemradio', { name: 'Dark' }).isVisible()),
};

export const searchRuns = (words: string): FirstAct => ({
  name: 'search box',
  act: (page) => page.getByRole('searchbox').first().pressSequentially(words, { timeout: 10_000 }),
  tookEffect: (page) => within(() => Promise.resolve(new URL(page.url()).searchParams.get('search') === words)),
});

/** Signed out, Like and Message say that an account is needed, then go to sign-in (the specification, §9). */
const asksToSignIn = (page: Page) =>
  within(async () => new URL(page.url()).pathname === '/login' || (await page.getByText('Please log in').first().isVisible()) || (await page.getByText(/need to be logged in|sign in to message/i).first().isVisible()));

export const likeAsks: FirstAct = {
  name: 'Like',
  act: (page) => page.getByRole('button', { name: /^Like\b/ }).first().click({ timeout: 10_000 }),
  tookEffect: asksToSignIn,
};

export const messageAsks: FirstAct = {
  name: 'Message',
  act: (page) => page.getByRole('button', { name: 'Message', exact: true }).first().click({ timeout: 10_000 }),
  tookEffect: asksToSignIn,
};

export const mobileMenuOpens: FirstAct = {
  name: 'mobile menu',
  act: (page) => page.getByRole('button', { name: /^Open menu/ }).click({ timeout: 10_000 }),
  tookEffect: (page) => within(() => page.getByRole('navigation', { name: 'Mobile' }).isVisible()),
};

/** Records the first contentful paint and the app's start in the page, before any of its own scripts run. */
const RECORDER = `(() => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const mark = () => { if (document.documentElement.hasAttribute('data-started') && window.__started === undefined) window.__started = performance.now(); };
  new MutationObserver(mark).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-started'] });
})();`;

export async function launchPhoneBrowser(chromePath: string): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
}

/** One fresh visit of `url` on the throttled phone, with `act` done at the first contentful paint. */
export async function phoneRun(browser: Browser, url: string, act: FirstAct): Promise<PhoneRun> {
  const context = await browser.newContext({ viewport: PHONE_THROTTLING.viewport, isMobile: true, hasTouch: false, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORDER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_THROTTLING.latencyMs,
      downloadThroughput: PHONE_THROTTLING.downloadBytesPerSecond,
      uploadThroughput: PHONE_THROTTLING.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLING.cpuSlowdown });
    const scripts: Array<{ requestId: string; url: string; bytes: number; at: number }> = [];
    const scriptRequests = new Map<string, string>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scriptRequests.set(event.requestId, event.response.url);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const scriptUrl = scriptRequests.get(event.requestId);
      if (scriptUrl) scripts.push({ requestId: event.requestId, url: scriptUrl, bytes: event.encodedDataLength, at: Date.now() });
    });

    const navigationStart = Date.now();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as { __fcp?: number }).__fcp !== undefined, undefined, { timeout: START_WAIT_MS, polling: 16 });
    await act.act(page);
    const actedAtMs = Date.now() - navigationStart;
    await page.waitForFunction(() => (window as { __started?: number }).__started !== undefined, undefined, { timeout: START_WAIT_MS });
    const startedWallClock = Date.now();
    // Read before the act's effect: a signed-out Like or Message moves the page to sign-in a second later.
    const { fcp, started } = await page
      .evaluate(() => ({ fcp: (window as { __fcp?: number }).__fcp ?? NaN, started: (window as { __started?: number }).__started ?? NaN }))
      .catch(() => ({ fcp: NaN, started: NaN }));
    const tookEffect = await act.tookEffect(page);
    const before = scripts.filter((s) => s.at <= startedWallClock);
    return {
      fcpMs: Math.round(fcp),
      startedMs: Math.round(started),
      hydrationAfterFcpMs: Math.round(started - fcp),
      scriptBytesBeforeStart: before.reduce((sum, s) => sum + s.bytes, 0),
      scriptsBeforeStart: before.length,
      actedAtMs,
      tookEffect,
    };
  } finally {
    await context.close();
  }
}
