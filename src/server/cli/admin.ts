// `npm run admin -- create EMAIL`: creates or promotes a verified administrator from the server's command line
// (decision 016). `npm run admin -- second-factor EMAIL` prints the single-use link that lets the administrator set up
// a first second factor while REQUIRE_ADMIN_2FA is on, as the emailed one does (decision 061). The password is asked for without echo, or read from the first line of stdin when it is not a
// terminal (`printf '%s\n' "$PASSWORD" | npm run admin -- create you@example.org`). Same settings as the server:
// ADMIN_EMAILS, DATA_DIR (the embedded database) or DATABASE_URL (PostgreSQL).
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { ensureDataDir, tryLockDataDir } from '../data-dir.js';
import { loadDotEnv } from '../env-file.js';
import { createPasswordHasher } from '../lib/passwords.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { checkAdministratorEmail, checkNewPassword, createAuthRepository, enrolmentLinkFor, provisionAdministrator, ProvisionError } from '../modules/accounts/index.js';

const USAGE = `Usage: npm run admin -- create EMAIL
       npm run admin -- second-factor EMAIL

create: creates the administrator account of EMAIL (an address listed in ADMIN_EMAILS), verified, with the password
you type; or, when the account exists, verifies it and replaces its password (its sessions end).

second-factor: prints a link, good once for 30 minutes, that lets the administrator of EMAIL set up a first second
step (an authenticator app or a passkey) while REQUIRE_ADMIN_2FA is on. Open it in the browser where they are signed in.`;

/** Fails with a sentence for the operator, and no stack trace. */
class Refusal extends Error {}

/** One line typed without echo (the terminal in raw mode); Ctrl+C cancels. */
function readHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolvePassword, reject) => {
    let value = '';
    const finish = (error?: Error) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
      if (error) reject(error);
      else resolvePassword(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003' || char === '\u0004') return finish(new Refusal('Cancelled: nothing was changed.'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else if (char >= ' ') value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of a piped stdin, without its line ending. */
async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/, 1)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const password = await readHidden('New password: ');
  checkNewPassword(password);
  if ((await readHidden('Type it again: ')) !== password) throw new Refusal('The two passwords differ: nothing was changed.');
  return password;
}

/** The server's database; the embedded one only while no server holds its folder. */
async function openDatabase(config: Config): Promise<{ database: Database; unlock?: () => Promise<void> }> {
  if (config.DATABASE_URL) return { database: await openPostgres(config.DATABASE_URL, 1) };
  const dataDir = resolve(config.DATA_DIR);
  ensureDataDir(dataDir);
  const unlock = await tryLockDataDir(dataDir);
  if (!unlock) {
    throw new Refusal(
      `The marketplace server is running on the data folder ${dataDir}, and its embedded database opens in one process only.\n` +
        'Stop the server first (Ctrl+C in its window, or your service manager), run this command again, then start the server.',
    );
  }
  try {
    return { database: await openPglite(join(dataDir, 'pglite')), unlock };
  } catch (error) {
    await unlock();
    throw error;
  }
}

/**
 * The demo neighbourhood goes in through the app's own services (the composition root, decision 035). The app serves
 * nothing here: it gets a throwaway session secret and no OpenID provider to discover.
 */
async function seedThroughApp(config: Config, database: Database): Promise<number> {
  const app = await buildApp({ config: { ...config, oidc: null }, database, sessionSecret: randomBytes(32).toString('hex') });
  try {
    return await app.seedDemoData();
  } finally {
    await app.close();
  }
}

/** `second-factor EMAIL`: the enrolment link of an existing, verified administrator, printed for the operator. */
async function printEnrolmentLink(config: Config, email: string): Promise<void> {
  const { database, unlock } = await openDatabase(config);
  try {
    await database.migrate();
    const user = await createAuthRepository(database.db).findUserByEmail(email);
    if (!user || user.deletedAt) throw new Refusal(`No account has the address ${email}. Create it first: npm run admin -- create ${email}`);
    const link = await enrolmentLinkFor(database.db, config.PUBLIC_URL, user);
    if (!link) throw new Refusal(`${email} has not confirmed its address yet. Run npm run admin -- create ${email} to make it a verified administrator.`);
    console.log(`Open this link in the browser where ${email} is signed in, within 30 minutes; it works once:\n\n${link}\n`);
    console.log('Then set up an authenticator app or a passkey on the profile page.');
  } finally {
    await database.close();
    await unlock?.();
  }
}

async function main(): Promise<void> {
  const [command, email, ...rest] = process.argv.slice(2);
  if ((command !== 'create' && command !== 'second-factor') || !email || rest.length > 0) throw new Refusal(USAGE);
  loadDotEnv();
  const config = loadConfig();
  if (command === 'second-factor') {
    checkAdministratorEmail(email, config.ADMIN_EMAILS);
    return printEnrolmentLink(config, email);
  }
  // Before the password and the database: a wrong address costs nothing.
  checkAdministratorEmail(email, config.ADMIN_EMAILS);
  const password = await readPassword();
  checkNewPassword(password);

  const { database, unlock } = await openDatabase(config);
  try {
    await database.migrate();
    // As the server's first start would: a new marketplace gets its demo neighbourhood even when this runs first.
    const demoListings = config.DEMO_DATA ? await seedThroughApp(config, database) : 0;
    if (demoListings) console.log(`Added ${demoListings} demo listings to the new marketplace (DEMO_DATA=0 turns this off).`);
    const { user, created } = await provisionAdministrator(database.db, {
      email,
      password,
      adminEmails: config.ADMIN_EMAILS,
      passwords: createPasswordHasher(config.PASSWORD_HASH_COST),
    });
    console.log(
      created
        ? `Created the administrator account ${user.email} (username ${user.username}), with a verified address.`
        : `${user.email} (username ${user.username}) is now a verified administrator: its password was replaced and its sessions ended.`,
    );
    console.log('Sign in with this address and password; the Admin page is in your account menu.');
  } finally {
    await database.close();
    await unlock?.();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof Refusal || error instanceof ProvisionError || error instanceof ConfigError) console.error(error.message);
    else console.error('The administrator could not be created:', error);
    process.exit(1);
  },
);
