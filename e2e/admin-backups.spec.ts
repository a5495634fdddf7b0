import { format } from 'date-fns';
import { BACKUP_TEXTS, backupSavedLabel, lastBackupLabel, megabytes, type Backup } from '../src/shared/backups.js';
import { expect, expectToast, signInAsAdministrator, test } from './fixtures/index.js';

// The dashboard shows the newest backup and takes one on demand (decision 027).
test('the administrator sees the last backup on the dashboard and backs up now', async ({ page }) => {
  await signInAsAdministrator(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const panel = page.getByRole('region', { name: BACKUP_TEXTS.panelTitle });
  // Another run against the same server may already have taken one.
  const line = panel.getByText(new RegExp(`^(${BACKUP_TEXTS.none}|Last backup: .+, \\d+\\.\\d MB)$`));
  await expect(line).toBeVisible();

  // Held back a moment so the pending state is seen; the server still takes the backup.
  await page.route('**/api/admin/backups', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/admin/backups') && response.request().method() === 'POST');
  await panel.getByRole('button', { name: BACKUP_TEXTS.backUpNow }).click();
  await expect(panel.getByRole('button', { name: BACKUP_TEXTS.backingUp })).toBeDisabled();
  const response = await answered;
  expect(response.status(), await response.text()).toBe(201);
  const backup = (await response.json()) as Backup;
  expect(backup.name).toMatch(/^marketplace-\d{8}-\d{6}\.tar\.gz$/);

  await expectToast(page, backupSavedLabel(backup.name));
  // The browser and this process share the machine's time zone; the date and time are formatted as the specification (§9) says.
  const expected = lastBackupLabel(format(new Date(backup.createdAt), "MMM d, yyyy 'at' h:mm a"), megabytes(backup.size));
  await expect(panel.getByText(expected, { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: BACKUP_TEXTS.backUpNow })).toBeEnabled();
});

test('a backup the server cannot write shows its reason and leaves the button ready', async ({ page, consoleGuard }) => {
  // PGlite always has its own dump, so the PostgreSQL server's answer without pg_dump is played back here.
  consoleGuard.allowFailedRequest('POST', '/api/admin/backups', 503);
  await page.route('**/api/admin/backups', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: BACKUP_TEXTS.pgDumpMissing }) })
      : route.continue(),
  );
  await signInAsAdministrator(page);
  await page.goto('/admin');
  const panel = page.getByRole('region', { name: BACKUP_TEXTS.panelTitle });
  await panel.getByRole('button', { name: BACKUP_TEXTS.backUpNow }).click();
  await expectToast(page, BACKUP_TEXTS.backUpFailure, BACKUP_TEXTS.pgDumpMissing);
  await expect(panel.getByRole('button', { name: BACKUP_TEXTS.backUpNow })).toBeEnabled();
});
