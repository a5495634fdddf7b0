// The end-to-end suite's OpenID Connect provider: the integration tests' oidc-provider on a fixed port, started by
// e2e/start-server.mjs before the app. A login name that is an email address signs in as that verified address.
import { startTestOidcProvider } from '../test/helpers/oidc-provider.js';

const [appUrl, port] = process.argv.slice(2);
if (!appUrl || !port) throw new Error('usage: start-oidc-provider.ts <app url> <port>');

const provider = await startTestOidcProvider({
  appUrl,
  port: Number(port),
  host: 'localhost',
  defaultClaims: (sub) => (sub.includes('@') ? { email: sub, email_verified: true, given_name: 'Test', family_name: 'Person' } : {}),
});
// The one line e2e/start-server.mjs waits for: where the provider is and how the app signs in to it.
console.log(`OIDC ${JSON.stringify({ issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret })}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
