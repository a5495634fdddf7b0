// The end-to-end suite's mail server: the tests' SMTP server (test/support/mail.ts) on a fixed port, started by
// e2e/start-server.mjs before the app, which gets SMTP_URL pointing here. Each message it receives is written as one
// JSON file (a ReceivedEmail) into <folder>, where the tests read it (`readEmail` in e2e/fixtures/mail.ts).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { receivedEmail, startSmtpServer } from '../test/support/mail.js';

const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error('usage: start-smtp-server.ts <folder> <port>');

// Messages of an earlier run would be found by a test looking for its own.
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

let count = 0;
const server = await startSmtpServer({
  port: Number(port),
  onMessage(mail) {
    const name = `${Date.now()}-${String(++count).padStart(5, '0')}`;
    // Written aside, then renamed: a reader never sees half a file.
    writeFileSync(join(folder, `${name}.tmp`), JSON.stringify(receivedEmail(mail), null, 2));
    renameSync(join(folder, `${name}.tmp`), join(folder, `${name}.json`));
  },
});
// The one line e2e/start-server.mjs waits for.
console.log(`SMTP ${JSON.stringify({ url: server.url })}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
