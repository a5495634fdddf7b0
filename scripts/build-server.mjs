// Compiles the server (tsc) and copies the SQL migrations beside the compiled database module.
import { cpSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

rmSync('dist/node', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
cpSync('src/server/db/migrations', 'dist/node/server/db/migrations', { recursive: true });
