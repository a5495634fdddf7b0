import { z } from 'zod';
import { text, textId } from './input.js';
import { PASSWORD_MAX } from './limits.js';

/**
 * Passkeys (decision 055): WebAuthn credentials a member adds on the profile and signs in with. One definition
 * for the routes and the pages, with the same messages.
 */

/** The most passkeys one member may keep: enough for every device and password manager a person uses. */
export const PASSKEYS_MAX = 20;
export const PASSKEY_NAME_MAX = 60;
/** How long the browser has to answer a registration or sign-in challenge before it must ask for a new one. */
export const WEBAUTHN_CHALLENGE_MINUTES = 5;
/** What the browser's passkey dialog shows as the site's name. */
export const PASSKEY_RP_NAME = 'Community Services Marketplace';
/** A passkey's name when the member gives none and its authenticator is not one we know by name. */
export const PASSKEY_DEFAULT_NAME = 'Passkey';
/** Passkeys added, renamed or removed in an hour, per member. */
export const PASSKEY_CHANGES_PER_HOUR = 30;

export const PASSKEY_TEXTS = {
  notFound: 'Passkey not found',
  tooMany: `You can keep up to ${PASSKEYS_MAX} passkeys. Remove one you no longer use to add another.`,
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PASSKEY_NAME_MAX} characters`,
  alreadyAdded: 'This passkey is already on your account.',
  challengeExpired: 'The passkey request has expired or was already used. Please try again.',
  registrationFailed: 'This passkey could not be added. Please try again.',
  signInFailed: 'This passkey could not sign you in. Please try again, or sign in with your email and password.',
  unknownPasskey: 'This passkey is not registered here. Sign in with your email and password, then add it on your profile.',
  userVerificationRequired:
    'Your account has two-step sign-in on, so your passkey must also check it is you (a PIN, fingerprint or face). Use a passkey that asks for one, or sign in with your password and code.',
  tooManyChanges: 'Too many changes to your passkeys. Please try again later.',
  // The browser's words.
  sectionTitle: 'Passkeys',
  sectionHelp: 'Sign in with your fingerprint, face or screen lock instead of a password. Passkeys cannot be phished.',
  add: 'Add a passkey',
  added: 'Passkey added',
  rename: 'Rename',
  renamed: 'Passkey renamed',
  remove: 'Remove',
  removed: 'Passkey removed',
  removeConfirm: 'Remove this passkey? You will no longer be able to sign in with it.',
  empty: "You haven't added a passkey yet.",
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  synced: 'Synced',
  signIn: 'Sign in with a passkey',
  cancelled: 'The passkey request was cancelled.',
  unsupported: 'This browser does not support passkeys.',
  // The profile's section and the login page (decision 056).
  addedOn: 'Added',
  loading: 'Loading passkeys',
  failure: 'Your passkeys could not be loaded.',
  addTitle: 'Add a passkey',
  addDescription: 'Your browser, phone or password manager will ask you to create the passkey and to confirm it is you.',
  nameLabel: 'Name',
  nameOptionalLabel: 'Name (optional)',
  nameHint: 'Something to tell your passkeys apart, such as “Work laptop”. Left empty, it takes the name of your password manager.',
  passwordLabel: 'Password',
  continue: 'Continue',
  waiting: 'Waiting for your passkey...',
  renameTitle: 'Rename passkey',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  removeTitle: 'Remove passkey?',
  removing: 'Removing...',
  failed: 'Something went wrong with the passkey. Please try again.',
  signingIn: 'Signing in...',
  or: 'or',
} as const;

/** Base64url, as WebAuthn's JSON forms carry binary values (padding tolerated). */
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
const base64url = (max: number) => text().min(1).max(max).regex(BASE64URL, 'Must be base64url');

const transportsSchema = z.array(text().max(32)).max(10);
/** What browsers put in `clientExtensionResults`: small objects; the server reads none of them. */
const extensionResultsSchema = z.record(text().max(64), z.unknown());

export const passkeyNameSchema = text({ error: PASSKEY_TEXTS.nameRequired })
  .trim()
  .min(1, PASSKEY_TEXTS.nameRequired)
  .max(PASSKEY_NAME_MAX, PASSKEY_TEXTS.nameTooLong);

/** `navigator.credentials.create()`'s answer as @simplewebauthn/browser's `startRegistration()` sends it. */
export const registrationResponseSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8 * 1024),
    // Room for attestation certificates; the 'none' attestation asked for is far smaller.
    attestationObject: base64url(64 * 1024),
    authenticatorData: base64url(16 * 1024).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(16 * 1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResultsSchema,
});

/** `navigator.credentials.get()`'s answer as @simplewebauthn/browser's `startAuthentication()` sends it. */
export const authenticationResponseSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8 * 1024),
    authenticatorData: base64url(16 * 1024),
    signature: base64url(2 * 1024),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResultsSchema,
});

/** Asking to add a passkey: the password again when the sign-in is more than 10 minutes old. */
export const passkeyRegistrationOptionsBodySchema = z.strictObject({ password: text().max(PASSWORD_MAX).optional() }).nullish();
export const registerPasskeySchema = z.strictObject({ response: registrationResponseSchema, name: passkeyNameSchema.optional() });
export type RegisterPasskeyInput = z.infer<typeof registerPasskeySchema>;
export const renamePasskeySchema = z.strictObject({ name: passkeyNameSchema });
/**
 * The profile's 'Add a passkey' form: an optional name (empty: not sent, the server names it after the provider) and, once the
 * server asked for it (403 recent_sign_in_required), the password.
 */
export const addPasskeyFormSchema = z.object({
  name: z.string().trim().max(PASSKEY_NAME_MAX, PASSKEY_TEXTS.nameTooLong),
  password: z.string().max(PASSWORD_MAX),
});
export const passkeyAuthenticateSchema = z.strictObject({ response: authenticationResponseSchema });
export type PasskeyAuthenticateInput = z.infer<typeof passkeyAuthenticateSchema>;
/** Any other id is simply not found (404). */
export const passkeyIdParamsSchema = z.strictObject({ id: textId() });

const credentialDescriptorSchema = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.array(z.string()).optional() });

/** What the browser passes to `navigator.credentials.create()` (through `startRegistration({ optionsJSON })`). */
export const registrationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      requireResidentKey: z.boolean().optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
});
export type PasskeyRegistrationOptions = z.infer<typeof registrationOptionsSchema>;

/** What the browser passes to `navigator.credentials.get()`; no `allowCredentials`: any passkey of this site may answer. */
export const authenticationOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().int().optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
});
export type PasskeyAuthenticationOptions = z.infer<typeof authenticationOptionsSchema>;

/** A passkey as its member sees it on the profile; never its key or credential id. */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** A synced passkey (iCloud Keychain, Google Password Manager…) that is backed up. */
  backedUp: z.boolean(),
  deviceType: z.enum(['singleDevice', 'multiDevice']),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
