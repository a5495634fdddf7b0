// The end-to-end suite's mail server: a real SMTP server (the `smtp-server` package, like test/helpers/smtp.ts) on a
// fixed port, started by e2e/start-server.mjs before the app, which gets SMTP_URL pointing here. Each message it
// receives is parsed and written as one JSON file into <folder>, where the tests read it (`readEmail` in fixtures.ts).
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { addressesOf } from '../test/helpers/smtp.js';

const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error('usage: start-smtp-server.ts <folder> <port>');

/** What a test reads of a message (see ReceivedEmail in fixtures.ts). */
interface StoredEmail {
  to: string[];
  from: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

// Messages of an earlier run would be found by a test looking for its own.
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

let count = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  closeTimeout: 1000,
  disableReverseLookup: true,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        const stored: StoredEmail = {
          to: addressesOf(mail.to).filter((a): a is string => !!a),
          from: addressesOf(mail.from).filter((a): a is string => !!a),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          receivedAt: new Date().toISOString(),
        };
        const name = `${Date.now()}-${String(++count).padStart(5, '0')}`;
        // Written aside, then renamed: a reader never sees half a file.
        writeFileSync(join(folder, `${name}.tmp`), JSON.stringify(stored, null, 2));
        renameSync(join(folder, `${name}.tmp`), join(folder, `${name}.json`));
        callback();
      })
      .catch(callback);
  },
});

await new Promise<void>((resolve, reject) => {
  server.server.once('error', reject);
  server.listen(Number(port), '127.0.0.1', () => resolve());
});
// The one line e2e/start-server.mjs waits for.
console.log(`SMTP ${JSON.stringify({ url: `smtp://127.0.0.1:${port}` })}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
