// `npm start`: builds the app when the sources are newer than the last build, then runs the server.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STAMP = 'dist/.build-stamp';
const INPUTS = ['src', 'package-lock.json', 'vite.config.ts', 'tsconfig.json', 'tsconfig.server.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
if (Math.max(...INPUTS.map(newest)) > built || !existsSync('dist/node/server/main.js') || !existsSync('dist/public/index.html') || !existsSync('dist/ssr/entry-server.js')) {
  console.log('Building the marketplace (first start or changed sources)…');
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  writeFileSync(STAMP, new Date().toISOString());
}
await import('../dist/node/server/main.js');
