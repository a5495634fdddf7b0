import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { acceptTerms, createAccount, expect, expectNoA11yViolations, expectToast, photographBothWidths, setTheme, test, type ThemeName } from './fixtures/index.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '../src/shared/two-step.js';

/**
 * Passkeys (decision 055) with Chromium's virtual authenticator: a member adds one on the profile, names
 * and renames it, signs out, signs in with it on /login, sees when it was last used, and removes it.
 *
 * WebAuthn refuses an IP address as the relying party, and the suite's server answers as http://127.0.0.1:5174 (its
 * PUBLIC_URL, which the test OpenID Connect provider and the emailed links also use). So this spec starts its own
 * server of the same build as http://localhost:5178 (5177 is the clock app's), the name a browser accepts as a secure context and relying party.
 */
const PORT = 5178;
const APP_URL = `http://localhost:${PORT}`;
const PASSKEY_ADMIN = 'passkey-admin@example.test';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: APP_URL });

let server: ChildProcess | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  const root = resolve(import.meta.dirname, '..');
  dataDir = mkdtempSync(join(tmpdir(), 'marketplace-e2e-passkeys-'));
  // The suite's server's settings, without the OpenID Connect provider and the mail server (mail goes to DATA_DIR).
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('OIDC_') && key !== 'SMTP_URL'));
  server = spawn(process.env.E2E_SERVER_NODE || process.execPath, [join(root, 'dist/node/server/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: '10',
      PORT: String(PORT),
      PUBLIC_URL: APP_URL,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'warn',
      DEMO_DATA: '0',
      // An administrator of this server must sign in with a second factor (decision 061).
      REQUIRE_ADMIN_2FA: '1',
      ADMIN_EMAILS: PASSKEY_ADMIN,
    },
  });
  await expect
    .poll(() => fetch(`http://127.0.0.1:${PORT}/api/health`).then((response) => response.ok, () => false), { timeout: 60_000, message: `the passkeys server on ${APP_URL}` })
    .toBe(true);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/**
 * A platform authenticator with user verification, which answers without a person at the keyboard, and whose
 * passkeys are backed up as a password manager's synced ones are.
 */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      defaultBackupEligibility: true,
      defaultBackupState: true,
    },
  });
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

async function scanInBothThemes(page: Page, what: string, loaded: () => Promise<void>): Promise<void> {
  for (const theme of ['dark', 'light'] as ThemeName[]) {
    await setTheme(page, theme);
    await page.reload();
    await loaded();
    await expectNoA11yViolations(page, { label: `${theme} theme, ${what}`, soft: true });
  }
}

test('a member adds a passkey on the profile, renames it, signs in with it, and removes it', async ({ page }) => {
  // A long story with screenshots and axe in both themes: past 90 s on a loaded machine.
  test.slow();
  await addVirtualAuthenticator(page);
  await createAccount(page);
  await acceptTerms(page);

  await page.goto('/profile');
  const section = passkeysSection(page);
  await expect(section.getByText("You haven't added a passkey yet.")).toBeVisible();

  // Just signed up, so a recent sign-in: no password is asked for.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await addDialog.getByLabel('Name (optional)').fill('Test laptop');
  await expectNoA11yViolations(page, { include: '[role="dialog"]', label: 'add a passkey dialog', soft: true });
  await photographBothWidths(page, 'profile-add-passkey');
  await addDialog.getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Passkey added');
  await expect(addDialog).toBeHidden();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText('Test laptop');
  await expect(section.getByRole('listitem')).toContainText('Never used');
  await expect(section.getByRole('listitem')).toContainText('Synced');

  await section.getByRole('button', { name: 'Rename Test laptop' }).click();
  const renameDialog = page.getByRole('dialog', { name: 'Rename passkey' });
  await renameDialog.getByLabel('Name', { exact: true }).fill('Work laptop');
  await renameDialog.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Passkey renamed');
  await expect(section.getByRole('listitem')).toContainText('Work laptop');

  await scanInBothThemes(page, 'profile with a passkey', () => expect(passkeysSection(page).getByRole('button', { name: 'Rename Work laptop' })).toBeVisible());
  await photographBothWidths(page, 'profile-passkeys');

  // First as in a browser without passkey autofill: Chromium's virtual authenticator would answer the email field's
  // waiting request at once, and sign in before the button could be pressed.
  const withoutAutofill = await page.addInitScript(() => {
    Object.defineProperty(window.PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false) });
  });
  await page.goto('/api/logout');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await scanInBothThemes(page, 'login page', () => expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible());
  await photographBothWidths(page, 'login-passkey');
  await expect(page.getByLabel('Email', { exact: true })).toHaveAttribute('autocomplete', 'email');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Open account menu' })).toBeVisible();
  // The sign-in ends in a full page load: let it finish before going elsewhere, or that navigation is aborted.
  await expect(page.locator('html')).toHaveAttribute('data-started', '');

  await page.goto('/profile');
  await expect(section.getByRole('listitem')).toContainText('Last used');

  // Then with the autofill: the email field offers the passkey, which the virtual authenticator picks at once.
  await withoutAutofill.dispose();
  await page.goto('/api/logout');
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Open account menu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-started', '');

  await page.goto('/profile');
  await section.getByRole('button', { name: 'Remove Work laptop' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove passkey?' });
  await expectNoA11yViolations(page, { include: '[role="alertdialog"]', label: 'remove a passkey dialog', soft: true });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expectToast(page, 'Passkey removed');
  await expect(section.getByText("You haven't added a passkey yet.")).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add a passkey' })).toBeFocused();
});

/**
 * The link of the newest email of `kind` to `to` that this server wrote to DATA_DIR/mail (it has no SMTP server),
 * its quoted-printable text part decoded.
 */
function emailedLink(kind: string, to: string): string | undefined {
  const dir = join(dataDir!, 'mail');
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir).filter((name) => name.endsWith(`-${kind}.eml`)).sort().reverse();
  for (const name of files) {
    const raw = readFileSync(join(dir, name), 'utf8');
    if (!raw.includes(`To: ${to}`)) continue;
    const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return /https?:\/\/\S+token=[A-Za-z0-9_-]+/.exec(text)?.[0];
  }
  return undefined;
}

test('an administrator whose second factor is a passkey is asked for it after the password, and reaches the dashboard only then', async ({ page, consoleGuard }) => {
  // A long story (verification, enrolment link, passkey, two sign-ins, axe, screenshots): past 90 s on a loaded machine.
  test.slow();
  // The dashboard's first calls are refused until the session began with a second factor; that refusal is the story.
  for (const path of ['/api/admin/health-warnings', '/api/admin/backups', '/api/admin/users']) consoleGuard.allowFailedRequest('GET', path, 403);
  await addVirtualAuthenticator(page);
  const admin = await createAccount(page, { email: PASSKEY_ADMIN });
  await acceptTerms(page);
  // An administrator's address must be proven first (decision 016).
  let link: string | undefined;
  await expect.poll(() => (link = emailedLink('verify-email', PASSKEY_ADMIN)), { message: 'the confirmation email' }).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByText('Email address verified')).toBeVisible();

  // No second factor yet: the dashboard says what to set up, and where.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Set up a second factor first' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to your sign-in security settings' }).click();
  // The password alone adds no second factor to an administrator: it starts from a link emailed to the proven address (decision 061).
  consoleGuard.allowFailedRequest('POST', '/api/auth/passkeys/registration-options', 403);
  await passkeysSection(page).getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('dialog', { name: 'Add a passkey' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(TWO_STEP_TEXTS.enrolmentLinkRequired)).toBeVisible();
  await page.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.enrolmentSend }).click();
  await expect(page.getByText(TWO_STEP_PAGE_TEXTS.enrolmentLinkSent(PASSKEY_ADMIN))).toBeVisible();
  let enrolmentLink: string | undefined;
  await expect.poll(() => (enrolmentLink = emailedLink('second-factor-enrolment', PASSKEY_ADMIN)), { message: 'the enrolment email' }).toBeTruthy();
  await page.goto(enrolmentLink!);
  // Exact: the toast's own text, not the live region's 'Notification …' announcement of it.
  await expect(page.getByText(TWO_STEP_PAGE_TEXTS.enrolmentOpened, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/profile/);
  await passkeysSection(page).getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('dialog', { name: 'Add a passkey' }).getByRole('button', { name: 'Continue' }).click();
  await expectToast(page, 'Passkey added');

  // This session began with the password alone: adding the passkey does not open the dashboard to it.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Sign in with your second step' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await scanInBothThemes(page, 'the dashboard asking for the second step', () => expect(page.getByRole('heading', { name: 'Sign in with your second step' })).toBeVisible());
  await photographBothWidths(page, 'admin-sign-in-again');

  // Without passkey autofill, which would sign in from the email field before the password is typed.
  await page.addInitScript(() => {
    Object.defineProperty(window.PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false) });
  });
  await page.getByRole('link', { name: 'Sign out' }).click();
  // The second step in each theme: back to the first step between them, as 'Use a different account' does.
  for (const theme of ['dark', 'light'] as ThemeName[]) {
    await setTheme(page, theme);
    await page.goto('/login?returnTo=%2Fadmin');
    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Authentication code' })).toHaveCount(0);
    await expectNoA11yViolations(page, { label: `${theme} theme, the second step with a passkey`, soft: true });
    if (theme === 'dark') await page.getByRole('button', { name: 'Use a different account' }).click();
  }
  await photographBothWidths(page, 'login-second-step-passkey');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('tablist', { name: 'Administration' })).toBeVisible();
});
