import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/auth.js';
import { NEAR_TEXTS } from '#shared/service-texts.js';
import { currentUserQueryKey } from '#web/core/session/index.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { expectToast, renderWithApp } from '#web/test-support/render.js';
import { HOME_ZIP_SETTING_TEXTS, HomeZipSetting } from './home-zip-setting.js';

/** The profile's 'Home ZIP code' (decision 052). */

const HOME_ZIP = 'PATCH /api/auth/home-zip';
const MONTCLAIR = { zip: '07042', city: 'Montclair', state: 'NJ', latitude: 40.8259, longitude: -74.2090 };

function renderSetting(user: User) {
  const app = renderWithApp(<HomeZipSetting user={user} />, { signedInAs: user });
  const field = () => screen.getByRole<HTMLInputElement>('textbox', { name: HOME_ZIP_SETTING_TEXTS.label });
  return { ...app, field };
}

describe("the profile's home ZIP code", () => {
  it('saves a ZIP code, puts the answer in the session and says so', async () => {
    const saved = aUser({ homeZip: '07042' });
    const api = stubApi({ [HOME_ZIP]: ok(saved), 'GET /api/auth/user': ok(saved) });
    const { user, field, queryClient } = renderSetting(aUser());
    expect(screen.getByText(HOME_ZIP_SETTING_TEXTS.notSet)).toBeDefined();
    expect(screen.queryByRole('button', { name: /remove/i })).toBeNull();

    await user.type(field(), ' 07042 ');
    await user.click(screen.getByRole('button', { name: HOME_ZIP_SETTING_TEXTS.save }));
    await expectToast(HOME_ZIP_SETTING_TEXTS.saved);
    expect(api.bodies(HOME_ZIP)).toEqual([{ zipCode: '07042' }]);
    await waitFor(() => expect(queryClient.getQueryData<User>(currentUserQueryKey)?.homeZip).toBe('07042'));
  });

  it('refuses what is not five digits without asking the server', async () => {
    const api = stubApi({ [HOME_ZIP]: ok(aUser()) });
    const { user, field } = renderSetting(aUser());
    await user.type(field(), '7042');
    await user.click(screen.getByRole('button', { name: HOME_ZIP_SETTING_TEXTS.save }));
    expect(await screen.findByText(NEAR_TEXTS.invalidZip)).toBeDefined();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(api.requests(HOME_ZIP)).toEqual([]);
  });

  it("shows the server's refusal of a ZIP nobody knows on the field", async () => {
    stubApi({ [HOME_ZIP]: refuse(400, NEAR_TEXTS.invalidZip, { errors: { zipCode: NEAR_TEXTS.invalidZip } }) });
    const { user, field } = renderSetting(aUser());
    await user.type(field(), '00000');
    await user.click(screen.getByRole('button', { name: HOME_ZIP_SETTING_TEXTS.save }));
    expect(await screen.findByText(NEAR_TEXTS.invalidZip)).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(field()));
  });

  it('shows where the saved one is, and removes it', async () => {
    const api = stubApi({ 'GET /api/zip/07042': ok(MONTCLAIR), [HOME_ZIP]: ok(aUser({ homeZip: null })), 'GET /api/auth/user': ok(aUser({ homeZip: null })) });
    const { user, field } = renderSetting(aUser({ homeZip: '07042' }));
    expect(field().value).toBe('07042');
    expect(await screen.findByText('(Montclair, NJ)', { exact: false })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Browse near it' }).getAttribute('href')).toBe('/services');
    await user.click(screen.getByRole('button', { name: 'Remove home ZIP code' }));
    await expectToast(HOME_ZIP_SETTING_TEXTS.removed);
    expect(api.bodies(HOME_ZIP)).toEqual([{ zipCode: null }]);
    expect(field().value).toBe('');
  });
});
