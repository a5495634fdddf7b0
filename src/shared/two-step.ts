import { z } from 'zod';
import { text } from './input.js';
import { PASSWORD_MAX } from './limits.js';

/**
 * Two-step sign-in with an authenticator app and the member's sessions (decision 054). One definition for
 * the routes and the pages, with the same messages.
 */

/** How long after signing in a member may set up a second factor or a passkey without typing the password again. */
export const RECENT_SIGN_IN_MINUTES = 10;
/** How long the first step of a sign-in (the right password) waits for the second. */
export const SECOND_FACTOR_PENDING_MINUTES = 5;
/** Second steps tried for one account from one address in `SECOND_FACTOR_WINDOW_MINUTES` (decision 061). */
export const SECOND_FACTOR_TRIES = 5;
export const SECOND_FACTOR_WINDOW_MINUTES = 10;
/** Second steps tried for one account from every address together in an hour: what bounds guessing from many addresses, above what one address may try (so one address cannot use it up). */
export const SECOND_FACTOR_ACCOUNT_TRIES_PER_HOUR = 50;
/** Recovery codes given when two-step sign-in is turned on, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** The sessions list shows at most this many, newest first. */
export const SESSIONS_LISTED_MAX = 50;

export const TWO_STEP_TEXTS = {
  recentSignInRequired: `For your safety, enter your password again (or sign in again) to continue. This is needed when your sign-in is more than ${RECENT_SIGN_IN_MINUTES} minutes old.`,
  wrongPassword: 'That password is not right.',
  passwordRequired: 'Password is required',
  codeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code.',
  invalidCode: 'That code is not right, or was already used. Try the next code your app shows.',
  pendingExpired: 'Your sign-in took too long. Please enter your email and password again.',
  alreadyEnabled: 'Two-step sign-in is already on.',
  notSetUp: 'Start the setup again: scan the new QR code, then enter the code your app shows.',
  notEnabled: 'Two-step sign-in is not on.',
  codeOrPassword: 'Enter a code from your authenticator app (or a recovery code), or your password.',
  adminSecondFactorRequired:
    'This marketplace requires administrators to use two-step sign-in or a passkey. Set one up on your profile page, then come back.',
  adminSignInAgain:
    'This marketplace requires administrators to sign in with their second step. Sign out, then sign in again with your passkey or your authenticator code.',
  enabled: 'Two-step sign-in is on. Keep your recovery codes somewhere safe: each works once, and they are not shown again.',
  disabled: 'Two-step sign-in is off.',
  sessionNotFound: 'That session has already ended.',
  newSignInSubject: 'New sign-in to your account',
  failedSecondStepsSubject: 'Someone entered your password but not your code',
  enrolmentSubject: 'Set up the second step of your administrator account',
  enrolmentLinkRequired:
    'For your safety, an administrator sets up a first second step from a link we email to the account’s confirmed address, so that a password alone is never enough.',
  enrolmentNeedsConfirmedEmail: 'Confirm your email address first: the link to set up your second step is sent there.',
  enrolmentLinkInvalid: 'This link is not valid any more, or belongs to another account. Ask for a new one from your profile.',
  enrolmentNotNeeded: 'Your account can set up two-step sign-in and passkeys directly.',
} as const;

/** The page an administrator's emailed enrolment link opens (decision 061): it spends the link, then goes to the profile. */
export const SECOND_FACTOR_ENROLMENT_PATH = '/profile/second-step';

/** How a session began (the sessions list says so). */
export const SIGN_IN_METHODS = ['password', 'second_factor', 'password_and_passkey', 'passkey', 'oidc', 'sign_up'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** A 6-digit time code (spaces allowed, as apps show "123 456") or a recovery code ("abcde-fghij"). */
export const secondFactorCodeSchema = text({ error: TWO_STEP_TEXTS.codeRequired })
  .trim()
  .min(1, TWO_STEP_TEXTS.codeRequired)
  .max(32, TWO_STEP_TEXTS.invalidCode);

export const totpSetupSchema = z.strictObject({ password: text().max(PASSWORD_MAX).optional() });
export type TotpSetupInput = z.infer<typeof totpSetupSchema>;
export const totpSetupAnswerSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The QR code of `otpauthUrl`, rendered here: an SVG `data:` URL. */
  qrCode: z.string(),
});
export type TotpSetupAnswer = z.infer<typeof totpSetupAnswerSchema>;

export const totpEnableSchema = z.strictObject({ code: secondFactorCodeSchema, password: text().max(PASSWORD_MAX).optional() });
export type TotpEnableInput = z.infer<typeof totpEnableSchema>;
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesSchema>;

/** Either a code (time or recovery) or the password turns two-step sign-in off. */
export const totpDisableSchema = z
  .strictObject({ code: secondFactorCodeSchema.optional(), password: text().min(1).max(PASSWORD_MAX).optional() })
  .refine((v) => (v.code === undefined) !== (v.password === undefined), { message: TWO_STEP_TEXTS.codeOrPassword, path: ['code'] });
export type TotpDisableInput = z.infer<typeof totpDisableSchema>;

export const secondFactorSchema = z.strictObject({ code: secondFactorCodeSchema });

/** POST /api/auth/recent-sign-in: the password again, which makes the session's sign-in recent (decision 061). */
export const recentSignInSchema = z.strictObject({ password: text({ error: TWO_STEP_TEXTS.passwordRequired }).min(1, TWO_STEP_TEXTS.passwordRequired).max(PASSWORD_MAX) });
export type RecentSignInInput = z.infer<typeof recentSignInSchema>;
/** POST /api/auth/second-factor-enrolment: the emailed link's token, opened in a signed-in browser. */
export const enrolmentOpenSchema = z.strictObject({ token: text().min(1).max(100) });
export const enrolmentOpenAnswerSchema = z.object({ enrolmentUntil: z.string() });

/** Until when the session counts as recently signed in. */
export const recentSignInAnswerSchema = z.object({ recentUntil: z.string() });
export type RecentSignInAnswer = z.infer<typeof recentSignInAnswerSchema>;
/** The second steps an account can give (decision 061): a code from the authenticator app (or a recovery code), a passkey. */
export const SECOND_STEP_METHODS = ['code', 'passkey'] as const;
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number];
/** The first step's answer when a second is needed, with the ways this account can give it. */
export const secondFactorRequiredSchema = z.object({ secondFactorRequired: z.literal(true), methods: z.array(z.enum(SECOND_STEP_METHODS)) });

export const sessionSchema = z.object({
  id: z.string(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
  method: z.enum(SIGN_IN_METHODS).nullable(),
  /** Whether the session began with a second factor: a code after the password, or a passkey that verified the person. */
  secondFactor: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ sessions: z.array(sessionSchema) });
export const sessionIdParamsSchema = z.strictObject({ id: z.uuid({ error: TWO_STEP_TEXTS.sessionNotFound }) });
export const signedOutOthersSchema = z.object({ signedOut: z.number().int() });

/** What the profile's 'Two-step sign-in' section and the second step of sign-in say (decision 056). */
export const TWO_STEP_PAGE_TEXTS = {
  title: 'Two-step sign-in',
  statusOff: 'Off',
  statusOn: 'On',
  statusLabel: 'Status:',
  explainOff:
    'After your password, sign-in also asks for a 6-digit code from an authenticator app on your phone, so a stolen password alone cannot open your account.',
  explainOn: 'Signing in with your password also asks for a code from your authenticator app, or one of your recovery codes.',
  setUp: 'Set up two-step sign-in',
  starting: 'Starting...',
  cancel: 'Cancel',
  passwordTitle: 'Confirm your password',
  passwordLabel: 'Password',
  continue: 'Continue',
  checking: 'Checking...',
  scanTitle: 'Scan the QR code',
  scanHelp: 'Open your authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Aegis) and scan this code.',
  qrAlt: 'QR code to add this account to an authenticator app',
  secretLabel: "Can't scan it? Type this key into the app instead:",
  copyKey: 'Copy key',
  keyCopied: 'Key copied',
  codeLabel: 'Code from your app',
  codeHelp: 'Enter the 6-digit code the app now shows for this account.',
  turnOn: 'Turn on',
  turningOn: 'Turning on...',
  recoveryTitle: 'Your recovery codes',
  recoveryHelp: 'If you lose your phone, sign in with one of these instead of a code. Save them now: print them, or keep them in a password manager.',
  recoveryListLabel: 'Recovery codes',
  copyCodes: 'Copy codes',
  codesCopied: 'Recovery codes copied',
  download: 'Download as a text file',
  downloadName: 'recovery-codes.txt',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  done: 'Done',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off two-step sign-in',
  turnOffHelp: 'Confirm with a code from your authenticator app (or a recovery code), or with your password.',
  usePassword: 'Use your password instead',
  useCode: 'Use a code instead',
  turningOff: 'Turning off...',
  secondStepTitle: 'Two-step sign-in',
  secondStepHelp: 'Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes instead.',
  secondStepCodeLabel: 'Authentication code',
  secondStepPasskeyHelp: 'Confirm it is you with one of your passkeys.',
  secondStepUsePasskey: 'Use a passkey',
  secondStepPasskeyBusy: 'Waiting for your passkey…',
  verify: 'Verify',
  verifying: 'Verifying...',
  useDifferentAccount: 'Use a different account',
  backToSignIn: 'Back to sign in',
  signIn: 'Sign in',
  resetSecondStep: 'Your new password is set. Two-step sign-in is on for this account, so one more step signs you in.',
  resetExpiredTitle: 'Please sign in',
  adminGuidanceTitle: 'Set up a second factor first',
  adminGuidanceLink: 'Go to your sign-in security settings',
  adminSignInAgainTitle: 'Sign in with your second step',
  adminSignInAgainLink: 'Sign out',
  resetExpired: 'Your new password is set, but signing in took too long. Sign in with your new password.',
  enrolmentTitle: 'We email you a link first',
  enrolmentSend: 'Email me the link',
  enrolmentSending: 'Sending...',
  enrolmentLinkSent: (email: string) => `We sent a link to ${email}. Open it in this browser within 30 minutes, then set up your second step here.`,
  enrolmentOpening: 'Opening your link…',
  enrolmentOpened: 'Your link is open: set up your second step within 15 minutes.',
  enrolmentOpenFailed: 'This link could not be used',
  goToProfile: 'Go to your profile',
  confirmTitle: 'Confirm it’s you',
  confirmHelp: `Changing how you sign in needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes. Enter your password, or use one of your passkeys.`,
  confirmWithPassword: 'Confirm',
  confirmWithPasskey: 'Use a passkey instead',
  confirmHelpPassword: `Changing how you sign in needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes. Enter your password to go on.`,
  confirmHelpPasskey: `Changing how you sign in needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes. Use one of your passkeys to go on.`,
  confirmSignInAgain: `Changing how you sign in needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes. Sign out and sign in again, then try once more.`,
  enrolmentSendFailed: 'Could not send the link. Please try again.',
  enrolmentPageTitle: 'Set up your second step',
  enrolmentOpenError: 'We could not check your link. Please try again.',
  tryAgain: 'Try again',
} as const;

/** The profile section's anchor (`/profile#two-step`): the admin dashboard links to it when REQUIRE_ADMIN_2FA refuses. */
export const TWO_STEP_SECTION_ID = 'two-step';

export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;

/** The password typed again: before setting up (after a sign-in older than the recent one) or to turn it off. */
export const twoStepPasswordSchema = z.strictObject({
  password: text({ error: TWO_STEP_TEXTS.passwordRequired }).min(1, TWO_STEP_TEXTS.passwordRequired).max(PASSWORD_MAX),
});
