import { MESSAGES } from '#shared/texts.js';
import type { Config } from '#server/config.js';
import { forbidden } from '#server/lib/errors.js';

/**
 * With LOCAL_ACCOUNTS=0 the identity provider is the only way in (decision 013): what works with a password or a
 * passkey is refused before anything of the request is read.
 */
export function assertLocalAccounts(config: Pick<Config, 'LOCAL_ACCOUNTS'>): void {
  if (!config.LOCAL_ACCOUNTS) throw forbidden(MESSAGES.localAccountsOff, { code: 'sign_in_method_off' });
}
