/* No zod here: the error boundary's texts are part of every page's first download. */

/**
 * Settings a production marketplace should not run with (decision 024): logged at start and shown at the top of
 * the administrator dashboard, so an organiser learns of them before a member does.
 */
export const HEALTH_WARNINGS = {
  noSmtp:
    'SMTP_URL is not set: no email leaves this server. Confirmation, password-reset and message emails are only written as files under DATA_DIR/mail, where nobody reads them. Set SMTP_URL to your mail server.',
  generatedSecret:
    'SESSION_SECRET is not set while DATABASE_URL is used: each process generates its own secret in its data folder, so sessions signed by one process are refused by another and everyone is signed out when the folder is lost. Set SESSION_SECRET (at least 32 random characters) for every process.',
  demoBesideMembers:
    'The demo neighbours and their listings are still on a marketplace that has real members. Set DEMO_DATA=0 (in the environment or the .env file) and delete the demo listings from the administrator dashboard.',
} as const;

export const DEMO_DATA_REFUSAL =
  'DEMO_DATA=1 is set, but this database already has real members: the demo neighbours and their listings are meant for a trial only. Set DEMO_DATA=0 (in the environment or the .env file) and start the server again.';

export const HEALTH_WARNINGS_TITLE = 'This server needs attention';

/** The error boundary shown instead of a page that failed (never a blank page). */
export const ERROR_BOUNDARY_TEXTS = {
  title: 'Something went wrong',
  body: 'This page could not be shown. Reloading usually fixes it; if it does not, please try again in a few minutes.',
  reload: 'Reload',
  home: 'Go to the home page',
} as const;
