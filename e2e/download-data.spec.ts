import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import {
  createListingWithApi,
  DESKTOP,
  expect,
  expectNoA11yViolations,
  PHONE,
  photograph,
  photographBothWidths,
  pngDataUrl,
  pngImage,
  signUpWithApi,
  test,
  uniqueWord,
} from './fixtures/index.js';

/**
 * "Download my data" (decision 062): a member downloads their data from the profile, unzips it and reads it in the
 * browser, their listing and its picture among it.
 */
test.describe.configure({ mode: 'parallel' });

const section = (page: Page) => page.getByRole('region', { name: 'Download your data' });

/** The archive's files written to a folder of their own, as a person's unzip would; answers the folder. */
function unzipTo(zip: Buffer, folder: string): string[] {
  const files = unzipSync(new Uint8Array(zip));
  for (const [name, bytes] of Object.entries(files)) {
    const path = resolve(folder, name);
    // Every name stays inside the folder (an archive that climbed out would be a bug of ours).
    expect(path.startsWith(`${resolve(folder)}/`), name).toBe(true);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
  }
  return Object.keys(files);
}

test('a member downloads their data from the profile and reads it, their listing with its picture, in the browser', async ({ page, browser }, testInfo) => {
  const account = await signUpWithApi(page, { acceptTerms: true });
  const title = `Bicycle repairs ${uniqueWord()}`;
  await createListingWithApi(page, { title, images: [pngDataUrl(await pngImage('#3366aa', { width: 640, height: 480 }))] });
  // A title that is markup reads as words in the archive's page.
  await createListingWithApi(page, { title: `<img src=x onerror=alert(1)> Sewing ${uniqueWord()}` });

  await page.goto('/profile');
  const part = section(page);
  await part.scrollIntoViewIfNeeded();
  await expect(part.getByText('Conversations:', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await photographBothWidths(page, 'profile-download-data');

  const downloading = page.waitForEvent('download');
  await part.getByRole('button', { name: 'Download your data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^marketplace-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(part.getByRole('status')).toHaveText('Your file has been downloaded.');

  const folder = testInfo.outputPath('archive');
  const names = unzipTo(readFileSync((await download.path())!), folder);
  expect(names).toContain('index.html');
  expect(names).toContain('listings.json');
  const listings = JSON.parse(readFileSync(join(folder, 'listings.json'), 'utf8')) as { listings: Array<{ title: string; pictures: string[] }> };
  const mine = listings.listings.find((l) => l.title === title)!;
  expect(mine.pictures).toHaveLength(1);

  // Opened from the unzipped folder, as a person would, in a browser of its own: it may load its own files and nothing
  // else (the app's network guard allows only this machine's servers, so this page gets a stricter guard of its own).
  const reader = await browser.newContext({ viewport: DESKTOP });
  const folderUrl = `${pathToFileURL(folder).href}/`;
  const elsewhere: string[] = [];
  const complaints: string[] = [];
  await reader.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(folderUrl)) return route.fallback();
    elsewhere.push(url);
    return route.abort('blockedbyclient');
  });
  const archivePage = await reader.newPage();
  archivePage.on('console', (message) => message.type() === 'error' && complaints.push(message.text()));
  archivePage.on('pageerror', (error) => complaints.push(error.message));
  await archivePage.goto(`${folderUrl}index.html`);
  await expect(archivePage.getByRole('heading', { level: 1, name: 'Your data from the Community Services Marketplace' })).toBeVisible();
  await expect(archivePage.getByText(account.email).first()).toBeVisible();
  const listingsPart = archivePage.getByRole('region', { name: 'Listings' });
  await expect(listingsPart.getByText(title, { exact: true })).toBeVisible();
  await expect(listingsPart.getByText(/^<img src=x onerror=alert\(1\)> Sewing/)).toBeVisible();
  const picture = listingsPart.locator(`img[src="${mine.pictures[0]}"]`);
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
  await expectNoA11yViolations(archivePage, { label: 'the archive’s index.html' });
  for (const viewport of [PHONE, DESKTOP]) await photograph(archivePage, 'download-data-index', viewport);
  expect(elsewhere, 'the archive’s page loaded something from outside its folder').toEqual([]);
  expect(complaints, 'the archive’s page reported errors').toEqual([]);
  await reader.close();
});
