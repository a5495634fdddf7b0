// engines: both — copies every table from one engine to the other
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '#shared/messaging.js';
import { call } from '#test/helpers/admin.js';
import { ADMIN_EMAIL, type TestApp, testConfig } from '#test/helpers/app.js';
import { signUp, signUpAdministrator } from '#test/helpers/factories.js';
import { createListing, manyUsers } from '#test/helpers/listings.js';
import { buildApp } from '../../app.js';
import { openPglite, openPostgres } from '../../db/client.js';
import { moveToPostgres, MoveRefusal } from './move.js';

// The copy goes from the embedded engine to a real PostgreSQL: it runs whenever the test server is given.
const server = process.env.TEST_DATABASE_URL;
// One secret for both apps, so the sessions copied with the database still sign people in after the move.
const sessionSecret = randomBytes(32).toString('hex');
const config = testConfig({ ADMIN_EMAILS: ADMIN_EMAIL, LISTINGS_CACHE_MS: '0' });

async function appOn(database: Awaited<ReturnType<typeof openPglite>> | Awaited<ReturnType<typeof openPostgres>>): Promise<TestApp> {
  const app = await buildApp({ config, database, sessionSecret });
  await app.ready();
  return { app, database, sessionSecret, close: () => app.close() };
}

describe.skipIf(!server)('npm run move-to-postgres', () => {
  const name = `csm_move_${process.pid}_${randomBytes(4).toString('hex')}`;
  let url: string;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(server!);
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('copies every table and sequence of an embedded marketplace, with equal checksums, and refuses a second copy', async () => {
    const source = await openPglite();
    await source.migrate();
    const t = await appOn(source);
    const [owner] = await Promise.all([signUp(t.app), signUpAdministrator(t.app, source.db, ADMIN_EMAIL)]);
    const listing = await createListing(t, owner.cookie);
    const [member] = await manyUsers(t, 1);
    expect((await call(t, 'POST', `/api/services/${listing.id}/like`, member)).statusCode).toBe(200);
    const started = await call(t, 'POST', '/api/conversations', member, { serviceId: listing.id, message: 'Can you come on Sunday?' });
    expect(started.statusCode, started.body).toBe(201);
    expect((await call(t, 'POST', `/api/services/${listing.id}/report`, member, { reason: 'spam' })).statusCode).toBe(201);
    await t.close();

    const tables = await moveToPostgres(source, url);
    for (const table of tables) expect({ table: table.name, ...table.target }).toEqual({ table: table.name, ...table.source });
    const rows = Object.fromEntries(tables.map((t) => [t.name, t.target.rows]));
    expect(rows).toMatchObject({ users: 3, services: 1, service_likes: 1, conversations: 1, messages: 1, reports: 1 });
    expect(rows.search_words).toBeGreaterThan(0);

    await expect(moveToPostgres(source, url)).rejects.toThrow(MoveRefusal);
    await source.close();

    // The sequences continue past the copied rows: the moved marketplace takes new listings and messages.
    const moved = await appOn(await openPostgres(url, 2));
    try {
      const another = await createListing(moved, owner.cookie);
      expect(another.id).toBeGreaterThan(listing.id);
      const sent = await call(moved, 'POST', `/api/conversations/${started.json<Conversation>().id}/messages`, member, { content: 'Still here' });
      expect(sent.statusCode, sent.body).toBe(201);
    } finally {
      await moved.close();
      await moved.database.close();
    }
  }, 60_000);
});
