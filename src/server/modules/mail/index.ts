/** Outbound email through the outbox (decision 007). The only file imported from outside this module (decision 034). */
export { withoutLinkSecrets } from './link-secrets.js';
export { createMailer, type Email, type Mailer, type Outbox } from './mailer.js';
export { readOutboxHealth } from './outbox-health.js';
export { layoutEmail, messageCopyEmail, newMessageEmail } from './templates.js';
