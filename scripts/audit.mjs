// `npm run audit`: the production dependencies against the registry's advisories; fails on high or critical ones.
// A registry that does not offer the audit endpoint (a mirror, an offline cache) is reported, not counted as a pass
// or a failure: the command says loudly that nothing was checked and exits 0.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['audit', '--omit=dev', '--audit-level=high'], { encoding: 'utf8' });
const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
process.stdout.write(result.stdout ?? '');

const unanswered = /audit endpoint returned an error|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|\b(404|405|501|503)\b[^\n]*advisories/i;
if (result.status !== 0 && unanswered.test(output)) {
  const notice = 'The registry did not answer the audit endpoint: NO ADVISORIES WERE CHECKED. Run `npm run audit` where the public npm registry is reachable.';
  console.log(`\n${'!'.repeat(notice.length)}\n${notice}\n${'!'.repeat(notice.length)}`);
  process.exit(0);
}
process.stderr.write(result.stderr ?? '');
process.exit(result.status ?? 1);
