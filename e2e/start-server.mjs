// Starts the built marketplace for the end-to-end suite on a fresh, throw-away database.
// Playwright runs this as its webServer; `npm run build` must have produced dist/ first.
import { spawn } from 'node:child_process';
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

// The test OpenID Connect provider first, so the app discovers it at start ('Continue with Test ID' on /login).
const APP_URL = 'http://127.0.0.1:5174';
const provider = spawn(process.execPath, ['--import', 'tsx', join(root, 'e2e/start-oidc-provider.ts'), APP_URL, '5175'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const oidc = await new Promise((resolveOidc, reject) => {
  let buffer = '';
  provider.stdout.setEncoding('utf8');
  provider.stdout.on('data', (chunk) => {
    buffer += chunk;
    const line = buffer.split('\n').find((l) => l.startsWith('OIDC '));
    if (line) resolveOidc(JSON.parse(line.slice(5)));
  });
  provider.on('exit', (code) => reject(new Error(`the test OpenID Connect provider exited (${code}) before it was ready`)));
}).catch((error) => {
  console.error('e2e:', error.message);
  removeDataDir();
  process.exit(1);
});
provider.stdout.resume();

const server = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '5174',
    // The address the browser uses: the provider sends it back to {PUBLIC_URL}/api/callback.
    PUBLIC_URL: APP_URL,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAILS: 'admin@example.test',
    RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '0',
    OIDC_ISSUER_URL: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_NAME: 'Test ID',
  },
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (provider.exitCode === null && provider.signalCode === null) provider.kill(signal);
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
  if (provider.exitCode === null && provider.signalCode === null) provider.kill('SIGTERM');
  removeDataDir();
  process.exit(code ?? (signal ? 0 : 1));
});

process.on('exit', removeDataDir);
