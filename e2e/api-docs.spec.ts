import { expect, test } from './fixtures/index.js';

// The API's contract, browsable from the server itself (decision 039): no CDN, and the app's strict CSP holds
// (a blocked script or style would be a console error, which fails the test).
test('a developer reads the API contract at /api/docs', async ({ page }) => {
  await page.goto('/api/docs');
  // Swagger UI reads and resolves the whole document (600 KB of schemas) before it shows anything: on a busy
  // two-core machine that took longer than the default 10 s once.
  await expect(page.getByRole('heading', { name: /Community services marketplace/ })).toBeVisible({ timeout: 45_000 });

  await page.getByRole('button', { name: 'GET /api/health', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Responses' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^503 The server cannot do this now/ })).toBeVisible();

  // Every error answer's shape, with its codes, among the schemas.
  await page.getByRole('button', { name: 'ApiError' }).click();
  await expect(page.getByText('database_unavailable').first()).toBeVisible();
});

// The document itself, at /api/openapi.json, is checked on the server (test/openapi.test.ts).
