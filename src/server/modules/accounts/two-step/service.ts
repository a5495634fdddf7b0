import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, type SecondStepMethod, type TotpSetupAnswer } from '#shared/two-step.js';
import type { Db } from '#server/db/client.js';
import { transaction } from '#server/lib/transaction.js';
import type { UserRow } from '../identity/repository.js';
import { createPasskeysRepository } from '../passkeys/repository.js';
import { createTwoStepRepository } from './repository.js';

/**
 * Two-step sign-in with an authenticator app (decision 054): RFC 6238 time codes (SHA-1, 6 digits, 30 seconds: what
 * every app reads from the QR code) and ten single-use recovery codes.
 *
 * The secret is sealed at rest with AES-256-GCM under a key derived (HKDF-SHA256) from the app's session secret, the
 * row's user id as associated data: a copy of the database alone does not give the codes, nor can a sealed secret be
 * moved to another account. Rotating SESSION_SECRET therefore makes every sealed secret unreadable: two-step sign-in
 * of those members stops accepting time codes (recovery codes still work, being hashes), and they must set it up again.
 */

export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** A code of the step before or after the current one is accepted too: a phone's clock may be a little off. */
export const TOTP_WINDOW = 1;
const SEALED_PREFIX = 'v1.';
/** Recovery codes avoid letters people confuse (0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TwoStepDeps {
  db: Db;
  /** The app's session secret (main.ts's sessionSecret): the sealing key is derived from it. */
  secret: string;
  /** The issuer the authenticator app shows beside the account (e.g. the site's host). */
  issuer: string;
  /**
   * REQUIRE_ADMIN_2FA (decision 061): whether this account must give a second step even without two-step sign-in on
   * (an administrator, whose passkey is then asked for after the password). Absent: never.
   */
  secondStepRequired?: (user: UserRow) => boolean;
  /** The clock, for tests. */
  now?: () => number;
}

/** Spaces and dashes as apps and the recovery list show them are ignored; letters are not case-sensitive. */
const normalize = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');
const isTimeCode = (normalized: string) => /^\d{6}$/.test(normalized);
const hashRecoveryCode = (userId: string, normalized: string) => createHash('sha256').update(`${userId}:${normalized}`).digest('base64url');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createTwoStep(deps: TwoStepDeps) {
  const { db } = deps;
  const repo = createTwoStepRepository(db);
  const passkeys = createPasskeysRepository(db);
  const now = deps.now ?? Date.now;
  const key = Buffer.from(hkdfSync('sha256', deps.secret, Buffer.alloc(0), 'csm two-step secret v1', 32));

  function seal(userId: string, base32: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(userId));
    const body = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The secret, or null when it cannot be opened (sealed under another SESSION_SECRET, or not ours). */
  function unseal(userId: string, sealed: string | null): string | null {
    if (!sealed?.startsWith(SEALED_PREFIX)) return null;
    try {
      const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(userId));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  const totpOf = (base32: string, label = 'account') =>
    new OTPAuth.TOTP({ issuer: deps.issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: OTPAuth.Secret.fromBase32(base32) });

  /** The step (of 30 s) within ±TOTP_WINDOW whose code this is, or null. */
  function matchingStep(base32: string, code: string): number | null {
    const totp = totpOf(base32);
    const current = Math.floor(now() / 1000 / TOTP_PERIOD_SECONDS);
    for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta++) {
      const step = current + delta;
      if (sameCode(totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 }), code)) return step;
    }
    return null;
  }

  async function freshRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
    const codes = new Set<string>();
    while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
    await repo.replaceRecoveryCodes(tx, userId, [...codes].map((code) => hashRecoveryCode(userId, normalize(code))));
    return [...codes];
  }

  const isEnabled = (user: Pick<UserRow, 'totpEnabledAt'>) => user.totpEnabledAt !== null;

  return {
    isEnabled,

    /** A new secret, kept (sealed) as the pending one until a code confirms it; the old pending one is forgotten. */
    async setup(user: UserRow): Promise<TotpSetupAnswer> {
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await repo.setPendingSecret(user.id, seal(user.id, secret));
      const otpauthUrl = totpOf(secret, user.email ?? user.username ?? user.id).toString();
      const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /**
     * A code of the pending secret turns two-step sign-in on and answers the recovery codes (only their hashes are
     * kept). 'not_set_up' when there is no pending secret (or it cannot be opened), 'invalid' for a wrong code.
     */
    async enable(userId: string, code: string): Promise<{ recoveryCodes: string[] } | 'not_set_up' | 'invalid' | 'already_enabled'> {
      return transaction(db, async (tx) => {
        const user = await repo.lockState(tx, userId);
        if (!user) return 'not_set_up';
        if (user.totpEnabledAt) return 'already_enabled';
        const secret = unseal(userId, user.totpPendingSecret);
        if (!secret) return 'not_set_up';
        const step = matchingStep(secret, normalize(code));
        if (step === null) return 'invalid';
        await repo.enable(tx, userId, { sealedSecret: user.totpPendingSecret, enabledAt: new Date(now()), step });
        return { recoveryCodes: await freshRecoveryCodes(tx, userId) };
      });
    },

    /**
     * A time code (within ±1 step, each step once) or an unused recovery code of the account, spent as it is
     * checked; false for anything else, and when two-step sign-in is off.
     */
    async verifyCode(userId: string, code: string): Promise<boolean> {
      const normalized = normalize(code);
      return transaction(db, async (tx) => {
        const user = await repo.stateOf(tx, userId);
        if (!user?.totpEnabledAt) return false;
        if (isTimeCode(normalized)) {
          const secret = unseal(userId, user.totpSecret);
          const step = secret ? matchingStep(secret, normalized) : null;
          return step !== null && repo.spendStep(tx, userId, step);
        }
        return repo.spendRecoveryCode(tx, userId, hashRecoveryCode(userId, normalized), new Date(now()));
      });
    },

    /** Turns two-step sign-in off: the secret and the recovery codes go. */
    async disable(userId: string): Promise<void> {
      await transaction(db, (tx) => repo.disable(tx, userId));
    },

    /**
     * The second steps a password sign-in of this account asks for (decision 061), none when the password is enough:
     * with two-step sign-in on, a code, and a passkey when there is one; for an account REQUIRE_ADMIN_2FA holds to a
     * second step, its passkey. An administrator with neither gets a session, which the admin gate then refuses.
     */
    async secondStepsOf(user: UserRow): Promise<SecondStepMethod[]> {
      const methods: SecondStepMethod[] = isEnabled(user) ? ['code'] : [];
      if (methods.length === 0 && !deps.secondStepRequired?.(user)) return [];
      if (await passkeys.hasAny(user.id)) methods.push('passkey');
      return methods;
    },

    /** REQUIRE_ADMIN_2FA: two-step sign-in is on, or the member has a passkey. */
    async hasSecondFactor(userId: string): Promise<boolean> {
      const user = await repo.stateOf(db, userId);
      if (!user) return false;
      if (user.totpEnabledAt) return true;
      return passkeys.hasAny(userId);
    },
  };
}

export type TwoStep = ReturnType<typeof createTwoStep>;
