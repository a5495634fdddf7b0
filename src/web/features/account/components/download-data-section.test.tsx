import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_FILES, DATA_EXPORT_TEXTS } from '#shared/data-export.js';
import { TWO_STEP_TEXTS } from '#shared/two-step.js';
import { heldAnswer, okFile, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import { DownloadDataSection } from './download-data-section.js';

/** The profile's 'Download your data' (decision 062). */

const EXPORT = 'POST /api/account/export';
const FILE_NAME = 'marketplace-data-2026-11-28.zip';
const ZIP = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array<number>(18).fill(0)]);
const recentSignInRequired = refuse(403, TWO_STEP_TEXTS.recentSignInRequired, { code: 'recent_sign_in_required' });
const wrongPassword = refuse(400, TWO_STEP_TEXTS.wrongPassword, { code: 'wrong_password', errors: { password: TWO_STEP_TEXTS.wrongPassword } });

/** What the browser was handed to save: each link clicked, with its file. */
let saved: Array<{ name: string; blob: Blob }>;
beforeEach(() => {
  saved = [];
  const files = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost:5173/${files.size + 1}`;
    files.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: files.get(this.href)! });
  });
});
afterEach(() => vi.restoreAllMocks());

function renderSection(user = aUser()) {
  const app = renderWithApp(<DownloadDataSection user={user} />);
  const section = () => within(screen.getByRole('region', { name: DATA_EXPORT_TEXTS.title }));
  return { ...app, section };
}

describe("the profile's 'Download your data'", () => {
  it('says what the file holds, and saves it under the name the server gave, with nothing asked', async () => {
    const api = stubApi({ [EXPORT]: okFile(ZIP, 'application/zip', FILE_NAME) });
    const { user, section } = renderSection();
    for (const { title } of DATA_EXPORT_FILES) expect(section().getByText(`${title}:`)).toBeDefined();
    expect(section().getByText(DATA_EXPORT_TEXTS.readable)).toBeDefined();

    await user.click(section().getByRole('button', { name: DATA_EXPORT_TEXTS.download }));
    await waitFor(() => expect(section().getByRole('status').textContent).toBe(DATA_EXPORT_TEXTS.downloaded));
    expect(saved.map((s) => s.name)).toEqual([FILE_NAME]);
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(ZIP);
    expect(api.bodies(EXPORT)).toEqual([{}]);
  });

  it('shows that the file is being prepared, and the button cannot be pressed twice meanwhile', async () => {
    const held = heldAnswer();
    stubApi({ [EXPORT]: held.answer });
    const { user, section } = renderSection();
    await user.click(section().getByRole('button', { name: DATA_EXPORT_TEXTS.download }));
    const busy = section().getByRole('button', { name: DATA_EXPORT_TEXTS.preparing });
    expect(busy.hasAttribute('disabled')).toBe(true);
    held.release(okFile(ZIP, 'application/zip', FILE_NAME));
    await waitFor(() => expect(saved).toHaveLength(1));
  });

  it('asks for the password after an old sign-in: a wrong one lands on the field, the right one downloads', async () => {
    let tries = 0;
    const api = stubApi({
      [EXPORT]: ({ body }) => {
        tries += 1;
        if (tries === 1) return recentSignInRequired;
        return (body as { password?: string }).password === 'correct horse battery' ? okFile(ZIP, 'application/zip', FILE_NAME) : wrongPassword;
      },
    });
    const { user, section } = renderSection();
    await user.click(section().getByRole('button', { name: DATA_EXPORT_TEXTS.download }));
    const heading = await section().findByRole('heading', { name: DATA_EXPORT_TEXTS.passwordTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(section().getByText(TWO_STEP_TEXTS.recentSignInRequired)).toBeDefined();

    // Empty: the shared rule says so before anything is sent.
    await user.click(section().getByRole('button', { name: DATA_EXPORT_TEXTS.continue }));
    expect(await section().findByText('Password is required')).toBeDefined();
    const field = section().getByLabelText(DATA_EXPORT_TEXTS.passwordLabel);
    await user.type(field, 'not my password');
    await user.click(section().getByRole('button', { name: DATA_EXPORT_TEXTS.continue }));
    expect(await section().findByText(TWO_STEP_TEXTS.wrongPassword)).toBeDefined();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toEqual([]);

    await user.clear(field);
    await user.type(field, 'correct horse battery');
    await user.click(section().getByRole('button', { name: DATA_EXPORT_TEXTS.continue }));
    await waitFor(() => expect(section().getByRole('status').textContent).toBe(DATA_EXPORT_TEXTS.downloaded));
    expect(saved.map((s) => s.name)).toEqual([FILE_NAME]);
    expect(api.bodies(EXPORT)).toEqual([{}, { password: 'not my password' }, { password: 'correct horse battery' }]);
    expect(section().queryByRole('heading', { name: DATA_EXPORT_TEXTS.passwordTitle })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(section().getByRole('button', { name: DATA_EXPORT_TEXTS.download })));
  });

  it('tells an account without a password to sign in again, and Cancel closes it', async () => {
    stubApi({ [EXPORT]: recentSignInRequired });
    const { user, section } = renderSection(aUser({ hasPassword: false }));
    await user.click(section().getByRole('button', { name: DATA_EXPORT_TEXTS.download }));
    expect(await section().findByText(DATA_EXPORT_TEXTS.signInAgain)).toBeDefined();
    expect(section().queryByLabelText(DATA_EXPORT_TEXTS.passwordLabel)).toBeNull();
    await user.click(section().getByRole('button', { name: DATA_EXPORT_TEXTS.cancel }));
    expect(section().queryByText(DATA_EXPORT_TEXTS.signInAgain)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(section().getByRole('button', { name: DATA_EXPORT_TEXTS.download })));
  });

  it("says why when the server refuses (the day's limit), and nothing is saved", async () => {
    stubApi({ [EXPORT]: refuse(429, DATA_EXPORT_TEXTS.tooMany) });
    const { user, section } = renderSection();
    await user.click(section().getByRole('button', { name: DATA_EXPORT_TEXTS.download }));
    expect(await section().findByRole('alert')).toBeDefined();
    await waitFor(() => expect(section().getByRole('alert').textContent).toBe(DATA_EXPORT_TEXTS.tooMany));
    expect(saved).toEqual([]);
    expect(section().getByRole('button', { name: DATA_EXPORT_TEXTS.download }).hasAttribute('disabled')).toBe(false);
  });
});
