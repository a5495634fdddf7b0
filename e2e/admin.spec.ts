import type { APIRequestContext, Page } from '@playwright/test';
import {
  completeWithApi,
  createListingWithApi,
  deleteListingWithApi,
  expect,
  expectToast,
  messageAboutListingWithApi,
  openAccountMenu,
  registerWithApi,
  replyWithApi,
  signInAsAdministrator,
  signUpWithApi,
  test,
  uniqueUsername,
  uniqueWord,
} from './fixtures/index.js';

test.describe.configure({ mode: 'parallel' });

async function reportWithApi(client: APIRequestContext, serviceId: number, reason: string): Promise<void> {
  const response = await client.post(`/api/services/${serviceId}/report`, { data: { reason, description: 'Seen on the browse page today.' } });
  expect(response.status(), `report ${serviceId}: ${await response.text()}`).toBe(201);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const reportAbout = (page: Page, title: string) => page.getByRole('listitem', { name: `Report about ${title}` });

test('the administrator bans a member, settles two reports, deletes a listing for good, reads a conversation, and finds it all in the audit log', async ({
  page,
  otherPage,
  playwright,
  baseURL,
  consoleGuard,
}) => {
  const word = uniqueWord();
  const seller = await playwright.request.newContext({ baseURL });
  const reporter = await playwright.request.newContext({ baseURL });
  const sellerName = uniqueUsername('seller');
  const reporterName = uniqueUsername('reporter');
  const victimName = uniqueUsername('victim');
  await registerWithApi(seller, { acceptTerms: true, username: sellerName });
  await registerWithApi(reporter, { acceptTerms: true, username: reporterName });
  const spam = await createListingWithApi(seller, { title: `Cheap phones wholesale ${word}` });
  const lessons = await createListingWithApi(seller, { title: `Chess lessons ${word}`, category: 'tutoring' });
  const old = await createListingWithApi(seller, { title: `Bike repairs ${word}`, category: 'household' });
  await deleteListingWithApi(seller, old);
  await reportWithApi(reporter, spam.id, 'spam');
  await reportWithApi(reporter, lessons.id, 'misleading');
  const greeting = `Do you teach on Sundays? ${word}`;
  await messageAboutListingWithApi(reporter, lessons, greeting);

  const victim = await signUpWithApi(otherPage, { acceptTerms: true, username: victimName });
  await otherPage.goto('/services');
  // After the ban, the member's next calls are refused: that is the point. The first refusal (403) also ends the
  // session, so the page's other calls already in flight find nobody signed in (401); which one comes first varies.
  for (const path of ['/api/conversations', '/api/messages/unread-count', '/api/events']) {
    consoleGuard.allowFailedRequest('GET', path, 403);
    consoleGuard.allowFailedRequest('GET', path, 401);
  }
  consoleGuard.allowFailedRequest('POST', '/api/auth/login', 403);
  // The refused event stream makes the page ask who is signed in, and the ended session answers 401.
  consoleGuard.allowFailedRequest('GET', '/api/auth/user', 401);

  await signInAsAdministrator(page);
  await page.goto('/');
  const menu = await openAccountMenu(page);
  await menu.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(tab(page, 'Users')).toHaveAttribute('aria-selected', 'true');

  await test.step('Users: ban the member; the badge shows, and their open page is signed out on its next call', async () => {
    await expect(page.getByText(/^\d[\d,]* total users$/)).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: victimName });
    await row.getByRole('button', { name: `Ban ${victimName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Ban ${victimName}?` });
    await dialog.getByRole('button', { name: 'Ban' }).click();
    await expectToast(page, 'User banned successfully');
    await expect(row.getByText('Banned', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Unban ${victimName}` })).toBeVisible();
    // The administrator has no Ban button.
    await expect(page.getByRole('listitem').filter({ has: page.getByText('Admin', { exact: true }) }).getByRole('button', { name: /^Ban / })).toHaveCount(0);

    await otherPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
    await expect(otherPage).toHaveURL(/\/login/);
  });

  await test.step('Reports: dismiss one and mark the other reviewed; the status filter follows', async () => {
    await tab(page, 'Reports').click();
    await expect(page).toHaveURL('/admin?tab=reports');
    await expect(page.getByRole('heading', { name: 'Service Reports' })).toBeVisible();
    await expect(page.getByText(/^\d[\d,]* total reports$/)).toBeVisible();
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.selectOption('Pending');
    await reportAbout(page, spam.title).getByRole('button', { name: 'Dismiss' }).click();
    await expectToast(page, 'Report status updated successfully');
    await expect(reportAbout(page, spam.title)).toHaveCount(0);
    const misleading = reportAbout(page, lessons.title);
    await expect(misleading.getByText('Misleading Information')).toBeVisible();
    await expect(misleading.getByText(reporterName)).toBeVisible();
    await expect(misleading.getByRole('link', { name: /View Service/ })).toHaveAttribute('target', '_blank');
    await misleading.getByRole('button', { name: 'Mark Reviewed' }).click();
    await expect(reportAbout(page, lessons.title)).toHaveCount(0);

    await status.selectOption('Reviewed');
    await expect(reportAbout(page, lessons.title).getByText(/^Reviewed by admin on [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
    await expect(reportAbout(page, lessons.title).getByRole('button', { name: 'Mark Reviewed' })).toHaveCount(0);
    await status.selectOption('Dismissed');
    await expect(reportAbout(page, spam.title).getByText('Dismissed', { exact: true })).toBeVisible();
    await expect(reportAbout(page, lessons.title)).toHaveCount(0);
  });

  await test.step("Services: with 'Show deleted services' on, delete the soft-deleted listing permanently", async () => {
    await tab(page, 'Services').click();
    await expect(page.getByRole('heading', { name: 'Service Management' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: old.title })).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show deleted services' }).click();
    const row = page.getByRole('listitem').filter({ hasText: old.title });
    await expect(row.getByText('Deleted', { exact: true })).toBeVisible();
    await expect(row.getByText(sellerName)).toBeVisible();
    await expect(row.getByText('$25/hourly')).toBeVisible();
    await row.getByRole('button', { name: `Delete Permanently: ${old.title}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete this service permanently?' }).getByRole('button', { name: 'Delete Permanently' }).click();
    await expectToast(page, 'Service permanently deleted');
    await expect(page.getByRole('listitem').filter({ hasText: old.title })).toHaveCount(0);
  });

  await test.step("Conversations: read one, then go 'Back to Conversations'", async () => {
    await tab(page, 'Conversations').click();
    await expect(page.getByRole('heading', { name: 'All Conversations' })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`${reporterName} and ${sellerName}`) }).click();
    await expect(page.getByRole('region', { name: 'Messages' }).getByText(greeting)).toBeVisible();
    await page.getByRole('button', { name: 'Back to Conversations' }).click();
    await expect(page.getByRole('heading', { name: 'All Conversations' })).toBeVisible();
  });

  await test.step('Audit Log: every action is there, newest first', async () => {
    await tab(page, 'Audit Log').click();
    const log = page.getByRole('tabpanel', { name: 'Audit Log' });
    await expect(log.getByRole('listitem').filter({ hasText: 'Banned a user' }).filter({ hasText: victimName })).toBeVisible();
    await expect(log.getByRole('listitem').filter({ hasText: 'Permanently deleted a service' }).filter({ hasText: old.title })).toBeVisible();
    await expect(log.getByRole('listitem').filter({ hasText: 'Read a conversation' }).filter({ hasText: reporterName }).first()).toBeVisible();
    await expect(log.getByRole('listitem').filter({ hasText: 'Changed a report status' }).filter({ hasText: spam.title })).toBeVisible();
  });

  await test.step('the banned member cannot sign in again', async () => {
    await otherPage.getByRole('tab', { name: 'Sign in' }).click();
    await otherPage.getByLabel('Email', { exact: true }).fill(victim.email);
    await otherPage.getByLabel('Password', { exact: true }).fill(victim.password);
    await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(otherPage.getByRole('alert').filter({ hasText: 'Your account has been suspended' })).toBeVisible();
    await expect(otherPage).toHaveURL(/\/login/);
  });

  await seller.dispose();
  await reporter.dispose();
});

// Decision 029: the Overview tab after the spec's four, Users still the default.
test('the Overview tab shows twelve weeks of activity as charts with their numbers, and what needs attention', async ({ page, playwright, baseURL }) => {
  const owner = await playwright.request.newContext({ baseURL });
  const customer = await playwright.request.newContext({ baseURL });
  await registerWithApi(owner, { acceptTerms: true, username: uniqueUsername('owner') });
  await registerWithApi(customer, { acceptTerms: true, username: uniqueUsername('customer') });
  const listing = await createListingWithApi(owner, { title: `Garden help ${uniqueWord()}` });
  const conversationId = await messageAboutListingWithApi(customer, listing, 'Could you come on Saturday?');
  await replyWithApi(owner, conversationId, 'Saturday at ten works.');
  await completeWithApi(customer, listing.id, conversationId);
  await reportWithApi(customer, (await createListingWithApi(owner, { title: `Too good to be true ${uniqueWord()}` })).id, 'misleading');

  await signInAsAdministrator(page);
  await page.goto('/admin');
  await expect(page.getByRole('tab')).toHaveText(['Users', 'Services', 'Reports', 'Conversations', 'Appeals', 'Overview', 'Audit Log']);
  await expect(tab(page, 'Users')).toHaveAttribute('aria-selected', 'true');
  await tab(page, 'Overview').click();
  await expect(page).toHaveURL('/admin?tab=overview');
  const overview = page.getByRole('tabpanel', { name: 'Overview' });
  await expect(overview.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();

  // Each chart is one picture with a name that says what it shows; the numbers are a table beside it.
  for (const title of ['New members', 'New listings', 'Messages sent', 'Completed jobs']) {
    const figure = overview.getByRole('figure', { name: title });
    await expect(figure.getByRole('img', { name: new RegExp(`^${title}, bar chart of the last 12 weeks: [\\d,]+ this week`) })).toBeVisible();
    await expect(figure.getByText(/^[\d,]+ in 12 weeks$/)).toBeVisible();
    await figure.getByText('Show the numbers').click();
    const table = figure.getByRole('table', { name: title });
    await expect(table.getByRole('row')).toHaveCount(13);
    // This test's own activity is in the current week, the last row.
    const thisWeek = Number((await table.getByRole('row').last().getByRole('cell').textContent())!.replace(/,/g, ''));
    expect(thisWeek, title).toBeGreaterThanOrEqual(1);
  }

  const attention = overview.getByRole('region', { name: 'Needs attention' });
  // At least this test's report is still open.
  const openReports = attention.getByRole('term').filter({ hasText: 'Open reports' }).locator('xpath=following-sibling::dd[1]');
  expect(Number((await openReports.textContent())!.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
  await expect(attention.getByText(/^[\d,]+ waiting$/)).toBeVisible();
  await expect(attention.getByText(/^[\d,]+ failed after every retry$/)).toBeVisible();
  await expect(attention.getByText(/^(No backup yet|\d+\.\d MB)$/)).toBeVisible();
  await attention.getByRole('link', { name: 'Review reports' }).click();
  await expect(page).toHaveURL('/admin?tab=reports');
  await expect(page.getByRole('heading', { name: 'Service Reports' })).toBeVisible();

  await owner.dispose();
  await customer.dispose();
});

// What a member and a visitor find on /admin (only the access-denied text) is in first-run-admin.spec.ts, whose
// organiser is each of them before becoming the administrator.
