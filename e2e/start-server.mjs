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

const server = spawn(process.execPath, [entry], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '5174',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAILS: 'admin@example.test',
    RATE_LIMIT_SCALE: '100',
    LOG_LEVEL: 'warn',
    DEMO_DATA: '0',
  },
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
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
  removeDataDir();
  process.exit(code ?? (signal ? 0 : 1));
});

process.on('exit', removeDataDir);
