import { sql as rawSql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.js';
import { users } from './accounts.js';
import { services } from './listings.js';

/** Images (modules/images): every stored picture, a listing's or an avatar (decision 038). */

/** Re-encoded WebP images (metadata stripped), served at /api/images/{id}. */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A listing's photo, or a person's profile picture (square; never swept as an abandoned upload). */
    kind: text('kind', { enum: ['listing', 'avatar'] }).notNull().default('listing'),
    /** Null between an upload and the save of the listing that uses it, and always for avatars. */
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    full: bytea('full').notNull(),
    fullWidth: integer('full_width').notNull(),
    fullHeight: integer('full_height').notNull(),
    card: bytea('card').notNull(),
    cardWidth: integer('card_width').notNull(),
    cardHeight: integer('card_height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('images_kind_check', rawSql`${t.kind} in ('listing', 'avatar')`),
    // A listing's image ids in order (`imageIdsOfListing`, on every listing answer): with the id in the key the
    // index alone answers, so a page of listings never reads the picture rows (decision 030).
    index('images_service_idx').on(t.serviceId, t.position, t.id),
    index('images_unattached_idx').on(t.createdAt).where(rawSql`${t.serviceId} is null and ${t.kind} = 'listing'`),
    index('images_user_idx').on(t.userId),
  ],
);
