/**
 * The whole database schema, for drizzle-kit and for reads that join across owners. Each table is defined in the
 * file of the one module that writes it (decision 038); only that module's repository writes it.
 */
export * from './schema/accounts.js';
export * from './schema/catalogue.js';
export * from './schema/listings.js';
export * from './schema/images.js';
export * from './schema/messaging.js';
export * from './schema/mail.js';
export * from './schema/reviews.js';
export * from './schema/reports.js';
export * from './schema/admin.js';
export * from './schema/members.js';
export * from './schema/sanctions.js';
export * from './schema/saved-searches.js';
