import { z } from 'zod';
import { text } from './input.js';
import { PASSWORD_MAX } from './limits.js';
import { RECENT_SIGN_IN_MINUTES } from './two-step.js';

/**
 * "Download my data" (decision 062): one definition of the request, of the archive's name and of what it holds, for
 * the route, the archive's own index.html and the profile's section, so all three say the same thing.
 */

/** Archives a member may download per day: each reads everything they have, pictures included. */
export const DATA_EXPORTS_PER_DAY = 3;

/** The request: the password again when the sign-in is not recent (decision 054); nothing at all otherwise. */
export const dataExportSchema = z.strictObject({ password: text().max(PASSWORD_MAX).optional() });
export type DataExportInput = z.infer<typeof dataExportSchema>;
/** The profile's form when the server asked for the password: the same request, the password now required. */
export const dataExportPasswordSchema = dataExportSchema.extend({
  password: text({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});

/** `marketplace-data-YYYY-MM-DD.zip`, the day in UTC (the server's answer and the browser's saved file). */
export const dataExportFileName = (at: Date) => `marketplace-data-${at.toISOString().slice(0, 10)}.zip`;

/**
 * The archive's files, in the order the index.html shows them: each a JSON file a program can read, with its title and
 * what it holds in plain words. The server's registry of personal data names the file each table goes to.
 */
export const DATA_EXPORT_FILES = [
  {
    file: 'profile.json',
    title: 'Profile and settings',
    holds: 'Your username, name, email address, profile picture, home ZIP code, notification choice, and when you joined.',
  },
  {
    file: 'security.json',
    title: 'Sign-in and security',
    holds:
      'Where you are signed in and the browsers you used, your passkeys (names and dates), whether two-step sign-in is on, and the sign-in links we emailed you. Never a password, code or key.',
  },
  { file: 'listings.json', title: 'Listings', holds: 'Every listing you posted, deleted ones too, with their pictures.' },
  { file: 'likes.json', title: 'Likes', holds: 'The listings you liked.' },
  { file: 'conversations.json', title: 'Conversations', holds: 'Every conversation you take part in, with every message in it.' },
  { file: 'reviews.json', title: 'Reviews', holds: 'The reviews you wrote and the ones you received, of your listings and of you as a member.' },
  { file: 'completions.json', title: 'Completed jobs', holds: 'The jobs marked complete in your conversations.' },
  { file: 'reports.json', title: 'Reports', holds: 'The reports you made, and what became of each.' },
  { file: 'blocks.json', title: 'Blocked members', holds: 'The members you blocked.' },
  { file: 'saved-searches.json', title: 'Saved searches', holds: 'Your saved searches and how often each one emails you.' },
  { file: 'emails.json', title: 'Emails', holds: 'The emails we sent you that we still keep; the links in them no longer open anything.' },
  { file: 'sanctions.json', title: 'Suspensions and appeals', holds: 'Any suspension of your account with its reason, and your appeals with their outcome.' },
] as const;

export type DataExportFile = (typeof DATA_EXPORT_FILES)[number]['file'];

export const DATA_EXPORT_TEXTS = {
  title: 'Download your data',
  intro: 'One ZIP file with everything this marketplace keeps about you:',
  /** The archive's two other parts, after the list of files. */
  readable: 'A page, index.html, to read it all in your browser, and the pictures of your listings and your profile.',
  others: 'Other members appear by their username only. Your file never contains a password, a code or a key.',
  limit: `You can download it ${DATA_EXPORTS_PER_DAY} times a day.`,
  download: 'Download your data',
  preparing: 'Preparing your file...',
  downloaded: 'Your file has been downloaded.',
  failed: 'Could not prepare your file. Please try again.',
  passwordTitle: 'Confirm your password',
  passwordLabel: 'Password',
  continue: 'Download',
  cancel: 'Cancel',
  /** An account without a password whose sign-in is not recent: only a new sign-in proves it is them. */
  signInAgain: `For your safety, sign out and sign in again, then download your data within ${RECENT_SIGN_IN_MINUTES} minutes.`,
  tooMany: `You have downloaded your data ${DATA_EXPORTS_PER_DAY} times today. Please try again tomorrow.`,
  /** The archive's index.html. */
  pageTitle: 'Your data from the Community Services Marketplace',
  pageIntro: 'Everything the marketplace kept about you when this file was made. The JSON files beside this page hold the same, for programs.',
  exportedAt: 'Made on',
  empty: 'Nothing here.',
  you: 'you',
} as const;
