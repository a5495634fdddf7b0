/**
 * The `code` of every error answer (decision 037): stable words a client can act on, where the `message` is written for
 * people and may change. Each status has its general code; a few answers carry a narrower one because a client does
 * something different for them (the suspension ends the session in the browser, a lapsed email verification asks for
 * the user to be read again, a reset link that no longer works offers a new one…).
 */
export const ERROR_CODES = {
  // General, one per status.
  bad_request: 'The request cannot be carried out as sent.',
  validation_failed: 'A field or parameter is missing or wrong; `errors` names each field with its message.',
  invalid_json: 'The body is not valid JSON.',
  unauthenticated: 'Nobody is signed in, or the session has ended.',
  forbidden: 'The person signed in may not do this.',
  not_found: 'There is no such thing, or it is not visible to the person asking.',
  conflict: 'The request clashes with the current state of what it names.',
  length_required: 'An upload must declare its length.',
  payload_too_large: 'The request or one of its files is larger than allowed.',
  unsupported_media_type: 'The API takes JSON bodies (and multipart uploads where a route says so).',
  rate_limited: 'Too many requests of this kind; the Retry-After header says when to try again.',
  server_error: 'Something went wrong on the server; it has been logged.',
  service_unavailable: 'The server cannot do this now; try again later.',
  database_unavailable: 'The database cannot be reached; the Retry-After header says when to try again.',
  // Signing in and the account.
  invalid_credentials: 'The email and password do not match an account.',
  account_suspended: 'The account is suspended; its session has been ended.',
  terms_not_accepted: 'The Terms of Service must be accepted first.',
  email_not_verified: 'The email address must be verified first.',
  reauth_required: 'The password (or the identity provider) must confirm it is really the account holder.',
  wrong_password: 'The password given to confirm the action is not the account’s password.',
  password_too_common: 'The new password is one of the most common passwords.',
  email_taken: 'Another account uses this email address.',
  username_taken: 'Another account uses this username.',
  invalid_link: 'The emailed link is not valid any more (used, expired or replaced).',
  already_verified: 'The email address is already verified.',
  sign_in_method_off: 'This way of signing in is turned off on this marketplace.',
  identity_provider_failed: 'The identity provider could not confirm who is signing in.',
  cross_origin: 'The request came from another site.',
  // Two-step sign-in and sessions (decision 054).
  recent_sign_in_required: 'The action needs a sign-in within the last 10 minutes, or the password again.',
  second_factor_required: "With REQUIRE_ADMIN_2FA, an administrator's session began without a second factor: set one up, or sign in again with it (`secondFactor` says which).",
  second_factor_enrolment_required:
    "With REQUIRE_ADMIN_2FA, an administrator's session without a second factor adds one only after opening the link emailed by POST /api/auth/second-factor-enrolment/email.",
  enrolment_not_needed: 'The account adds a second factor directly: no enrolment link is needed.',
  invalid_second_factor: 'The authenticator or recovery code is wrong, or was already used.',
  second_factor_expired: 'The first step of the sign-in is missing or older than 5 minutes; sign in again.',
  two_step_already_enabled: 'Two-step sign-in is already on for this account.',
  two_step_not_enabled: 'Two-step sign-in is not on (or was not set up) for this account.',
  // Listings and what people do with them.
  listing_deleted: 'The listing has been deleted.',
  listing_expired: 'The listing has expired: it must be renewed before it can be resumed.',
  own_listing: 'A member cannot do this with their own listing.',
  owner_suspended: 'The other member is suspended.',
  already_reported: 'This member already has a pending report about this listing.',
  already_reviewed: 'This completion has already been reviewed.',
  no_reply_yet: 'The listing’s owner has not replied in this conversation yet.',
  report_already_handled: 'The report has already been reviewed or dismissed.',
  // Between members (decision 045).
  you_blocked_member: 'The person asking blocked this member: no conversation or message between them until they unblock.',
  cannot_message_member: 'This member cannot be messaged by the person asking.',
  // Saved searches (decision 053).
  saved_search_limit: 'The member already keeps as many saved searches as allowed; one must be deleted first.',
  // Passkeys (decision 055).
  passkey_challenge_expired: 'The passkey challenge is unknown, already used or older than 5 minutes; ask for new options and try again.',
  passkey_failed: "The passkey's answer could not be verified (site, challenge, signature, counter or user verification).",
  unknown_passkey: 'No account has this passkey: never added here, removed, or its account was deleted.',
  passkey_already_added: 'This passkey is already registered.',
  passkey_limit: 'The member already keeps as many passkeys as allowed; one must be removed first.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The general code of an error status, for answers that carry no narrower one; a 400 naming fields is `validation_failed`. */
export function codeForStatus(status: number, { fieldErrors = false }: { fieldErrors?: boolean } = {}): ErrorCode {
  if (status === 400 && fieldErrors) return 'validation_failed';
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 411:
      return 'length_required';
    case 413:
    case 414:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 503:
      return 'service_unavailable';
    default:
      return status >= 500 ? 'server_error' : 'bad_request';
  }
}
