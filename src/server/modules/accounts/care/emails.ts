import { RESET_PASSWORD_TTL_MINUTES, VERIFY_EMAIL_TTL_HOURS } from '#shared/account.js';
import { type Email, layoutEmail } from '../../mail/index.js';

/**
 * The account emails (decision 014). The links open pages of the site, which post the token: a mail scanner
 * that follows every link spends nothing.
 */

interface LinkEmailInput {
  to: string;
  token: string;
  /** config.PUBLIC_URL. */
  publicUrl: string;
}

const pageUrl = (publicUrl: string, page: string, token: string) => `${publicUrl.replace(/\/+$/, '')}/${page}?token=${encodeURIComponent(token)}`;
const hours = (n: number) => `${n} hour${n === 1 ? '' : 's'}`;
const forAccount = (username: string | null) => (username ? ` (${username})` : '');

/** "mary@example.org" → "m***@example.org": enough for the owner to recognise, not an address to hand out. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

/** After sign-up, and on 'Resend'. */
export function verificationEmail(input: LinkEmailInput): Email {
  return layoutEmail('verify-email', input.to, 'Confirm your email address', {
    intro: `Please confirm that this is your email address by opening the link below. The link works for ${hours(VERIFY_EMAIL_TTL_HOURS)}. Until then we send you no notifications.`,
    link: { href: pageUrl(input.publicUrl, 'verify-email', input.token), label: 'Confirm my email address' },
    footer: 'If you did not create an account with this address, ignore this email: nothing happens unless the link is opened.',
  });
}

/** 'Forgot your password?': also how an account that signed up through single sign-on sets a first password. */
export function resetPasswordEmail(input: LinkEmailInput & { username: string | null }): Email {
  const minutes = RESET_PASSWORD_TTL_MINUTES;
  const validity = minutes % 60 === 0 ? hours(minutes / 60) : `${minutes} minutes`;
  return layoutEmail('reset-password', input.to, 'Reset your password', {
    intro: `Someone asked to reset the password of your account${forAccount(input.username)}. Open the link below to choose a new password. The link works for ${validity}, once.`,
    link: { href: pageUrl(input.publicUrl, 'reset-password', input.token), label: 'Choose a new password' },
    footer: 'If you did not ask for this, ignore this email: your password stays as it is and nothing changes.',
  });
}

/** To the new address of an email change: the change happens when this link is opened. */
export function changeEmailEmail(input: LinkEmailInput & { username: string | null }): Email {
  return layoutEmail('change-email', input.to, 'Confirm your new email address', {
    intro: `Please confirm that you want to use this address for your account${forAccount(input.username)}. Your email address changes when you open the link below. The link works for ${hours(VERIFY_EMAIL_TTL_HOURS)}.`,
    link: { href: pageUrl(input.publicUrl, 'verify-email', input.token), label: 'Confirm my new email address' },
    footer: 'If you did not ask for this change, ignore this email: nothing changes.',
  });
}

/** To the old address of an email change: a notice, with nothing to click. */
export function emailChangeNoticeEmail(input: { to: string; newEmail: string; username: string | null }): Email {
  return layoutEmail('email-change-notice', input.to, 'Your email address is being changed', {
    intro: `Someone signed in to your account${forAccount(input.username)} asked to change its email address to ${maskEmail(input.newEmail)}. The change happens only when the link we sent to that address is opened; until then this address stays the account's.`,
    footer:
      'If this was you, there is nothing to do. If it was not, sign in and change your password right away: that signs out every other session. You can also reset it with "Forgot your password?" on the sign-in page.',
  });
}
