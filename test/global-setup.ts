import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/server/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test file clones. */
    pgTemplate?: { url: string; name: string };
    /** PGlite: a dump of a migrated data folder each test file loads. */
    pgliteTemplate?: string;
  }
}

/** Per run, so runs side by side (a helper's, CI's) never drop each other's template. */
const TEMPLATE = `csm_test_template_${process.pid}`;

/** Migrates once; every test file then starts from a copy of that database (see test/helpers/app.ts). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${TEMPLATE}`;
    const database = await openPostgres(templateUrl.toString(), 1);
    await database.migrate();
    await database.close();
    project.provide('pgTemplate', { url, name: TEMPLATE });
    return async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const database = await openPglite();
  await database.migrate();
  const dir = resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `pglite-template-${process.pid}.tar`);
  const dump = await database.dump();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
}
