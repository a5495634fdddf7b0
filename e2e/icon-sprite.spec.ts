import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import type { ConsoleWatcher } from './fixtures/console-guard.js';
import {
  createListingWithApi,
  expect,
  expectNoA11yViolations,
  expectTheme,
  photographBothWidths,
  registerWithApi,
  test,
  uniqueWord,
  type ThemeName,
} from './fixtures/index.js';

/**
 * The icons come from one sprite file (decision 066): a server-rendered page paints them from its markup and that
 * file alone, before any of the app's scripts has run, in the text's colour of either theme and filled where a class
 * fills them. The app's script files are answered empty here, so what shows is what a visitor sees until they arrive.
 */

/** A browser of its own whose pages never get the app's code, under the test's console and network guards. */
async function contextWithoutAppScripts(browser: Browser, guards: { baseURL?: string; consoleGuard: unknown; networkGuard: { watch(c: BrowserContext): Promise<void> } }, theme: ThemeName) {
  const context = await browser.newContext({ baseURL: guards.baseURL });
  (guards.consoleGuard as ConsoleWatcher).watch(context);
  await guards.networkGuard.watch(context);
  await context.addInitScript((value) => {
    // A new page's about:blank has no storage of its own; the site's pages do.
    if (window.location.protocol.startsWith('http')) window.localStorage.setItem('theme', value);
  }, theme);
  await context.route('**/assets/*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  return context;
}

/** A CSS colour as the browser paints it, in sRGB bytes (the theme's colours are oklch). */
function paintedColour(page: Page, cssColour: string): Promise<[number, number, number]> {
  return page.evaluate((colour) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!] as [number, number, number];
  }, cssColour);
}

/** How many pixels of the element's picture are within a small distance of `colour`. */
async function pixelsOf(element: Locator, colour: [number, number, number]): Promise<number> {
  const { data, info } = await sharp(await element.screenshot({ animations: 'disabled' })).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const distance = Math.abs(data[i]! - colour[0]) + Math.abs(data[i + 1]! - colour[1]) + Math.abs(data[i + 2]! - colour[2]);
    if (distance <= 24) count++;
  }
  return count;
}

/** The icon drawing the sprite's symbol `name` inside `scope`. */
const spriteIcon = (scope: Locator, name: string) => scope.locator(`svg.lucide:has(> use[href$="#${name}"])`).first();

test('a listing page paints its icons from the sprite before the app’s scripts run, in both themes, filled where liked', async ({
  browser,
  baseURL,
  request,
  consoleGuard,
  networkGuard,
}) => {
  await registerWithApi(request, { acceptTerms: true });
  const listing = await createListingWithApi(request, { category: 'pet', title: `Evening dog walks ${uniqueWord()}` });
  const guards = { baseURL, consoleGuard, networkGuard };

  for (const theme of ['light', 'dark'] as const) {
    await test.step(`${theme}: the price's tag icon is drawn in the muted text colour`, async () => {
      const context = await contextWithoutAppScripts(browser, guards, theme);
      const page = await context.newPage();
      const sprites: Array<{ status: number; type?: string; cache?: string }> = [];
      page.on('response', (response) => {
        if (/\/assets\/icons-[\w-]{8}\.svg$/.test(new URL(response.url()).pathname)) {
          sprites.push({ status: response.status(), type: response.headers()['content-type'], cache: response.headers()['cache-control'] });
        }
      });
      await page.goto(`/services/${listing.id}`, { waitUntil: 'load' });
      await expectTheme(page, theme);
      await expect(page.locator('html')).not.toHaveAttribute('data-started');

      const details = page.getByRole('complementary', { name: 'Details' });
      const tag = spriteIcon(details, 'Tag');
      await expect(tag).toBeVisible();
      // Every icon of the page names one file; the browser fetched it once, an immutable asset.
      const files = new Set((await page.locator('svg.lucide > use').evaluateAll((uses) => uses.map((use) => use.getAttribute('href')!.split('#')[0]))));
      expect(files.size).toBe(1);
      expect(sprites).toEqual([{ status: 200, type: 'image/svg+xml', cache: 'public, max-age=31536000, immutable' }]);
      expect(await page.locator('svg.lucide path, svg.lucide circle').count(), 'no icon carries shapes of its own').toBe(0);

      const box = await tag.boundingBox();
      expect(box?.width).toBe(20);
      expect(box?.height).toBe(20);
      const stroke = await paintedColour(page, await tag.evaluate((svg) => getComputedStyle(svg).color));
      const background = await paintedColour(page, await details.locator('> *').first().evaluate((card) => getComputedStyle(card).backgroundColor));
      expect(stroke, 'the icon and its card differ in colour').not.toEqual(background);
      // A 2-unit stroke at 20 px draws dozens of pixels in the text colour; a symbol that did not load draws none.
      expect(await pixelsOf(tag, stroke)).toBeGreaterThan(20);
      await tag.evaluate((svg) => {
        svg.querySelector('use')!.remove();
        svg.setAttribute('data-emptied', '');
      });
      expect(await pixelsOf(details.locator('svg[data-emptied]'), stroke), 'without its <use> the icon is empty').toBe(0);
      await page.reload({ waitUntil: 'load' });

      await expectNoA11yViolations(page, { label: `${theme}, before the app's scripts` });
      await photographBothWidths(page, `icon-sprite-listing-${theme}`);
      await context.close();
    });
  }

  await test.step('a neighbour who liked the listing sees its heart filled red before the scripts run', async () => {
    const context = await contextWithoutAppScripts(browser, guards, 'light');
    await registerWithApi(context.request, { acceptTerms: true });
    const liked = await context.request.post(`/api/services/${listing.id}/like`);
    expect(liked.status(), await liked.text()).toBe(200);
    const page = await context.newPage();
    await page.goto(`/services/${listing.id}`, { waitUntil: 'load' });
    const heart = spriteIcon(page.getByRole('button', { name: 'Like 1 like' }), 'Heart');
    await expect(heart).toHaveClass(/fill-red-600/);
    const fill = await paintedColour(page, await heart.evaluate((svg) => getComputedStyle(svg).fill));
    // The heart's inside, not only its outline (about 45 pixels at this size): the class's fill reaches the symbol's shape
    // through <use>.
    expect(await pixelsOf(heart, fill)).toBeGreaterThan(80);
    await context.close();
  });
});
