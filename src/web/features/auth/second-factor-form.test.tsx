import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#shared/texts.js';
import { TWO_STEP_PAGE_TEXTS, TWO_STEP_TEXTS } from '#shared/two-step.js';
import { ok, refuse, stubApi } from '#web/test-support/fetch-stub.js';
import { aUser } from '#web/test-support/fixtures.js';
import { renderWithApp } from '#web/test-support/render.js';
import { SecondFactorForm } from './second-factor-form.js';
import { SignInForm } from './sign-in-form.js';

/** The second step of a sign-in (decision 054). */

const SECOND_FACTOR = 'POST /api/auth/login/second-factor';
const LOGIN = 'POST /api/auth/login';
const codeField = () => screen.getByRole('textbox', { name: TWO_STEP_PAGE_TEXTS.secondStepCodeLabel });
const verify = () => screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.verify });

function renderForm() {
  const onSignedIn = vi.fn();
  const onBack = vi.fn();
  const app = renderWithApp(<SecondFactorForm onSignedIn={onSignedIn} onBack={onBack} />, { signedInAs: null });
  return { ...app, onSignedIn, onBack };
}

describe('the second step of a sign-in', () => {
  it('takes the focus, and signs in with a code or a recovery code', async () => {
    const api = stubApi({ [SECOND_FACTOR]: ok(aUser({ twoStepEnabled: true })) });
    const { user, onSignedIn } = renderForm();
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    expect(codeField().getAttribute('autocomplete')).toBe('one-time-code');
    // A keyboard with letters, for a recovery code.
    expect(codeField().getAttribute('inputmode')).toBeNull();
    await user.type(codeField(), 'abcde-fghjk');
    await user.click(verify());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(api.bodies(SECOND_FACTOR)).toEqual([{ code: 'abcde-fghjk' }]);
    // The page is about to load again: nothing more to press.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: TWO_STEP_PAGE_TEXTS.verifying }).disabled).toBe(true);
  });

  it('asks for a code before asking the server', async () => {
    const api = stubApi({});
    const { user } = renderForm();
    await user.click(verify());
    expect(await screen.findByText(TWO_STEP_TEXTS.codeRequired)).toBeDefined();
    expect(api.requests(SECOND_FACTOR)).toEqual([]);
  });

  it('shows a wrong code on the field, and a refusal to try again yet above the form', async () => {
    stubApi({ [SECOND_FACTOR]: refuse(400, TWO_STEP_TEXTS.invalidCode, { code: 'invalid_second_factor', errors: { code: TWO_STEP_TEXTS.invalidCode } }) });
    const { user, onSignedIn } = renderForm();
    await user.type(codeField(), '000000');
    await user.click(verify());
    expect(await screen.findByText(TWO_STEP_TEXTS.invalidCode)).toBeDefined();
    expect(codeField().getAttribute('aria-invalid')).toBe('true');

    stubApi({ [SECOND_FACTOR]: refuse(429, 'Too many attempts. Please try again in 10 minutes.') });
    await user.click(verify());
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Please try again in 10 minutes.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('goes back when the first step expired, or when asked to', async () => {
    stubApi({ [SECOND_FACTOR]: refuse(401, TWO_STEP_TEXTS.pendingExpired, { code: 'second_factor_expired' }) });
    const { user, onBack } = renderForm();
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.useDifferentAccount }));
    expect(onBack).toHaveBeenLastCalledWith(false);
    await user.type(codeField(), '123456');
    await user.click(verify());
    await waitFor(() => expect(onBack).toHaveBeenLastCalledWith(true));
  });

  it('shows a suspension found at the second step as the sign-in form does', async () => {
    stubApi({ [SECOND_FACTOR]: { status: 403, body: { message: MESSAGES.suspended, code: 'account_suspended', reason: 'Spam', appealUrl: '/appeal?token=x' } } });
    const { user } = renderForm();
    await user.type(codeField(), '123456');
    await user.click(verify());
    expect(await screen.findByText(MESSAGES.suspended)).toBeDefined();
    expect(screen.getByRole('link', { name: /appeal/i }).getAttribute('href')).toBe('/appeal?token=x');
  });
});

describe('the sign-in form with two-step sign-in on', () => {
  async function reachSecondStep() {
    stubApi({ [LOGIN]: ok({ secondFactorRequired: true, methods: ['code'] }) });
    const onSignedIn = vi.fn();
    const app = renderWithApp(<SignInForm onSignedIn={onSignedIn} />, { signedInAs: null });
    await app.user.type(screen.getByLabelText('Email'), 'neighbour@example.com');
    await app.user.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(document.activeElement).toBe(codeField()));
    expect(onSignedIn).not.toHaveBeenCalled();
    return { ...app, onSignedIn };
  }

  it('asks for the code after the right password, then signs in', async () => {
    const { user, onSignedIn } = await reachSecondStep();
    expect(screen.getByRole('heading', { name: TWO_STEP_PAGE_TEXTS.secondStepTitle })).toBeDefined();
    stubApi({ [SECOND_FACTOR]: ok(aUser()) });
    await user.type(codeField(), '123456');
    await user.click(verify());
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
  });

  it('returns to the password form when the first step expired, saying why, with the email kept', async () => {
    const { user } = await reachSecondStep();
    stubApi({ [SECOND_FACTOR]: refuse(401, TWO_STEP_TEXTS.pendingExpired, { code: 'second_factor_expired' }) });
    await user.type(codeField(), '123456');
    await user.click(verify());
    expect(await screen.findByText(TWO_STEP_TEXTS.pendingExpired)).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('neighbour@example.com');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  it("'Use a different account' empties the form and starts again at the email", async () => {
    const { user } = await reachSecondStep();
    await user.click(screen.getByRole('button', { name: TWO_STEP_PAGE_TEXTS.useDifferentAccount }));
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
