// `npm start`: builds the app when the sources are newer than the last build, then runs the server in this very
// process, so that the SIGTERM or SIGINT npm passes on reaches the server's own graceful shutdown (src/server/main.ts).
// START_FROM_SOURCE=1 runs src/server/main.ts through tsx instead, without building: what test/start-script.test.ts
// runs, because `npm test` runs the server tests before it builds.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
const INPUTS = ['src', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.server.json'];
const PARENT_CHECK_MS = 500;

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/**
 * `npm run build` in a process group of its own, which receives the SIGTERM or SIGINT this process gets: npm, its
 * shell and Vite all stop, rather than a build finishing on its own after `npm start` was stopped. Resolves once the
 * build has succeeded; otherwise this process ends as the build did.
 */
function build() {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'build'], { stdio: 'inherit', detached: true });
    const forward = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // the build has just ended
      }
    };
    process.on('SIGTERM', forward);
    process.on('SIGINT', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      if (code === 0) resolve();
      else if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    });
  });
}

/**
 * Under npm, the server stops gracefully when the process that started it goes: npm itself killed, or the shell npm
 * runs this file in (`sh -c`), which a SIGTERM from npm ends without passing it on unless package.json's script
 * `exec`s node. No server is then left holding the data folder after `npm start` is gone.
 */
function stopWithParent() {
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const check = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(check);
    process.kill(process.pid, 'SIGTERM');
  }, PARENT_CHECK_MS);
  check.unref();
}

if (process.env.START_FROM_SOURCE === '1') {
  const { register } = await import('tsx/esm/api');
  register();
  stopWithParent();
  await import('../src/server/main.ts');
} else {
  const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  if (Math.max(...INPUTS.map(newest)) > built || !existsSync('dist/node/server/main.js') || !existsSync('dist/public/index.html') || !existsSync('dist/ssr/entry-server.js')) {
    console.log('Building the marketplace (first start or changed sources)…');
    await build();
    writeFileSync(STAMP, new Date().toISOString());
  }
  stopWithParent();
  await import('../dist/node/server/main.js');
}
