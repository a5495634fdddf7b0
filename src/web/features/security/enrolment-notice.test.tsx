import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PASSKEY_TEXTS } from '#shared/passkeys.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import { PasskeysSection } from './passkeys-section.js';
import { TwoStepSection } from './two-step-section.js';

/**
 * An administrator's first second factor under REQUIRE_ADMIN_2FA starts from an emailed link (decision 061): where the
 * setup or 'Add a passkey' is refused for it, the notice offers the link.
 */

const SETUP = 'POST /api/auth/totp/setup';
const SEND = 'POST /api/auth/second-factor-enrolment/email';
const enrolmentRequired = refuse(403, TWO_STEP_TEXTS.enrolmentLinkRequired, { code: 'second_factor_enrolment_required' });
const admin = aUser({ isAdmin: true, email: 'organiser@example.com' });
const sent = { status: 202, body: { message: TWO_STEP_PAGE_TEXTS.enrolmentLinkSent('organiser@example.com') } };

describe('the enrolment notice', () => {
  it('takes the place of the two-step setup, and emails the link', async () => {
    const api = stubApi({ [SETUP]: enrolmentRequired, [SEND]: sent });
    const { user } = renderWithApp(<TwoStepSection user={admin} />, { signedInAs: admin });
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.setUp }));

    const heading = await screen.findByRole('heading', { name: TWO_STEP_PAGE_TEXTS.enrolmentTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(TWO_STEP_TEXTS.enrolmentLinkRequired)).toBeDefined();
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.enrolmentSend }));

    expect(await screen.findByText(TWO_STEP_PAGE_TEXTS.enrolmentLinkSent('organiser@example.com'))).toHaveProperty('role', 'status');
    expect(api.requests(SEND)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: TWO_STEP_PAGE_TEXTS.enrolmentSend })).toBeNull();
    const done = screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.done });
    await waitFor(() => expect(document.activeElement).toBe(done));

    await user.click(done);
    expect(screen.queryByRole('heading', { name: TWO_STEP_PAGE_TEXTS.enrolmentTitle })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.setUp })));
  });

  it('says why the link cannot be sent, as the server says it', async () => {
    stubApi({ [SETUP]: enrolmentRequired, [SEND]: refuse(403, TWO_STEP_TEXTS.enrolmentNeedsConfirmedEmail, { code: 'email_not_verified' }) });
    const { user } = renderWithApp(<TwoStepSection user={admin} />, { signedInAs: admin });
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.setUp }));
    await user.click(await screen.findByRole('button', { name: TWO_STEP_PAGE_TEXTS.enrolmentSend }));
    expect((await screen.findByText(TWO_STEP_TEXTS.enrolmentNeedsConfirmedEmail)).closest('[role="alert"]')).not.toBeNull();
    // Still there to try again.
    expect(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.enrolmentSend })).toBeDefined();
  });

  it("takes the place of 'Add a passkey' in its dialog, and emails the link", async () => {
    const api = stubApi({ 'GET /api/auth/passkeys': ok({ passkeys: [] }), 'POST /api/auth/passkeys/registration-options': enrolmentRequired, [SEND]: sent });
    const { user } = renderWithApp(<PasskeysSection />, { signedInAs: admin });
    await user.click(await screen.findByRole('button', { name: PASSKEY_TEXTS.add }));
    const dialog = within(screen.getByRole('dialog', { name: PASSKEY_TEXTS.addTitle }));
    await user.click(dialog.getByRole('button', { name: PASSKEY_TEXTS.continue }));

    expect(await dialog.findByRole('heading', { name: TWO_STEP_PAGE_TEXTS.enrolmentTitle })).toBeDefined();
    expect(dialog.getByText(TWO_STEP_TEXTS.enrolmentLinkRequired)).toBeDefined();
    expect(dialog.queryByLabelText(PASSKEY_TEXTS.nameOptionalLabel)).toBeNull();
    await user.click(dialog.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.enrolmentSend }));
    expect(await dialog.findByText(TWO_STEP_PAGE_TEXTS.enrolmentLinkSent('organiser@example.com'))).toBeDefined();
    expect(api.requests(SEND)).toHaveLength(1);

    await user.click(dialog.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.done }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
