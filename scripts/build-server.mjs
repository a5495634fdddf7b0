// Compiles the server (tsc), copies the SQL migrations beside the compiled database module, and gives dist/node a
// package.json of its own: Node resolves the compiled `#shared/…` and `#server/…` imports through the nearest
// package.json, so there they name the compiled files (the root package.json maps them to the .ts sources).
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

rmSync('dist/node', { recursive: true, force: true });
// Emit only: `npm run typecheck` (and `npm test` before the build) checks the types; the output is the same.
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json', '--noCheck'], { stdio: 'inherit' });
cpSync('src/server/db/migrations', 'dist/node/server/db/migrations', { recursive: true });
const distPackage = { type: 'module', imports: { '#shared/*': './shared/*', '#server/*': './server/*' } };
writeFileSync('dist/node/package.json', `${JSON.stringify(distPackage, null, 2)}\n`);
