// Starts the built marketplace for the end-to-end suite on a fresh, throw-away database.
// Playwright runs this as its webServer; `npm run build` must have produced dist/ first.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const entry = join(root, 'dist/node/server/main.js');
if (!existsSync(entry) || !existsSync(join(root, 'dist/public/index.html'))) {
  console.error(`e2e: the built app is missing (${existsSync(entry) ? 'dist/public/index.html' : entry}). Run \`npm run build\` before \`npx playwright test\`.`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-e2e-'));
let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  rmSync(dataDir, { recursive: true, force: true });
}

const APP_URL = 'http://127.0.0.1:5174';
/** The folder the test mail server writes each received message into, as JSON (read by `readEmail` in e2e/fixtures/mail.ts, which names the same folder). */
const EMAIL_DIR = join(root, 'test-results/emails');

/** Starts a helper script under tsx and waits for the one line, `{prefix} {json}`, that says it is ready. */
function startHelper(script, args, prefix, what) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, script), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise((resolveReady, reject) => {
    let buffer = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((l) => l.startsWith(`${prefix} `));
      if (line) resolveReady(JSON.parse(line.slice(prefix.length + 1)));
    });
    child.on('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)));
  });
  return { child, ready };
}

const helpers = [];
function stopHelpers(signal = 'SIGTERM') {
  for (const child of helpers) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

// The test OpenID Connect provider ('Continue with Test ID' on /login) and the mail server first, so the app finds both at start.
const provider = startHelper('e2e/start-oidc-provider.ts', [APP_URL, '5175'], 'OIDC', 'the test OpenID Connect provider');
const smtp = startHelper('e2e/start-smtp-server.ts', [EMAIL_DIR, '5176'], 'SMTP', 'the test mail server');
helpers.push(provider.child, smtp.child);
const [oidc, mail] = await Promise.all([provider.ready, smtp.ready]).catch((error) => {
  console.error('e2e:', error.message);
  stopHelpers();
  removeDataDir();
  process.exit(1);
});
for (const child of helpers) child.stdout.resume();

// `npm test` runs the built server on the production Node.js (E2E_SERVER_NODE, decision 058) while the rest of the
// suite runs on the machine's.
const serverNode = process.env.E2E_SERVER_NODE || process.execPath;
console.log(`e2e: the app runs on Node.js ${execFileSync(serverNode, ['--version'], { encoding: 'utf8' }).trim()} (${serverNode})`);
const server = spawn(serverNode, [entry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    // The built app as production runs it but for scrypt's cost: hundreds of sign-ups hash in milliseconds instead of
    // a third of a second each, and only NODE_ENV=test accepts that cost (decision 058).
    NODE_ENV: 'test',
    PASSWORD_HASH_COST: '10',
    PORT: '5174',
    // The address the browser uses: the provider sends it back to {PUBLIC_URL}/api/callback.
    PUBLIC_URL: APP_URL,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    // The second is e2e/first-run-admin.spec.ts's organiser, who signs up from scratch.
    ADMIN_EMAILS: 'admin@example.test,organiser@example.test',
    RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '0',
    OIDC_ISSUER_URL: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_NAME: 'Test ID',
    // Every email (verification, reset, notifications) goes to the test mail server.
    SMTP_URL: mail.url,
  },
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    stopHelpers(signal);
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
    else process.exit(0);
  });
}

server.on('error', (error) => {
  console.error('e2e: could not start the server:', error);
  removeDataDir();
  process.exit(1);
});

server.on('exit', (code, signal) => {
  stopHelpers();
  removeDataDir();
  process.exit(code ?? (signal ? 0 : 1));
});

process.on('exit', removeDataDir);
