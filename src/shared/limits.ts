/** Business constants from the specification (§9), shared by the forms and the server. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
/** Long enough for any passphrase, short enough that hashing it cannot be abused. */
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;

export const DEFAULT_CATEGORY_COLOR = '#4F46E5';
export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const SESSION_IDLE_DAYS = 30;
