// `npm run admin|backup|restore|move-to-postgres`: the organiser's commands, run from the built server as `npm start`
// runs it, so they need no development tools and work in the container image too (there:
// `node dist/node/server/cli/backup.js`). The server is built first only when no build exists: a build replaces
// dist/, which a server running beside the command (a backup is taken while it serves) still reads from.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const COMMANDS = ['admin', 'backup', 'restore', 'move-to-postgres'];
const [command] = process.argv.splice(2, 1);
if (!COMMANDS.includes(command)) {
  console.error(`Usage: node scripts/cli.mjs ${COMMANDS.join('|')} [arguments]`);
  process.exit(2);
}
const entry = `dist/node/server/cli/${command}.js`;
if (!existsSync(entry)) {
  console.log('Building the marketplace server first…');
  execFileSync('npm', ['run', '--silent', 'build:server'], { stdio: 'inherit' });
}
await import(`../${entry}`);
