import { randomUUID } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { COSEALG, decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  type Passkey,
  PASSKEY_DEFAULT_NAME,
  PASSKEY_RP_NAME,
  PASSKEY_TEXTS,
  type PasskeyAuthenticateInput,
  type PasskeyAuthenticationOptions,
  type PasskeyRegistrationOptions,
  PASSKEYS_MAX,
  type RegisterPasskeyInput,
  WEBAUTHN_CHALLENGE_MINUTES,
} from '#shared/passkeys.js';
import { MESSAGES } from '#shared/texts.js';
import type { Db } from '#server/db/client.js';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '#server/lib/errors.js';
import { isUniqueViolation } from '#server/lib/error-handler.js';
import { transaction } from '#server/lib/transaction.js';
import { type ChallengePurpose, createPasskeysRepository, type PasskeyRow } from './repository.js';
import type { UserRow } from '../identity/repository.js';

/**
 * Passkeys (decision 055): registration by a signed-in member, sign-in with a discoverable credential, the
 * member's list. WebAuthn itself is @simplewebauthn/server's; here are the rules around it: challenges stored, single
 * use, five minutes, a registration's bound to its member; the relying party from PUBLIC_URL; the counter that never
 * goes back; banned and deleted members refused as password sign-in refuses them.
 */

export const WEBAUTHN_CHALLENGE_MS = WEBAUTHN_CHALLENGE_MINUTES * 60_000;
const CREDENTIAL_ID_KEY = 'passkeys_credential_id_key';
/** A challenge we made is 43 base64url characters (32 random bytes); anything else was never ours (and a NUL would not even reach the query). */
const OUR_CHALLENGE = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Names of common passkey providers by AAGUID (from the community list passkeydeveloper/passkey-authenticator-aaguids):
 * what a new passkey is called when the member names none. Others are 'Passkey'.
 */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  'fbfc3007-154e-4ecc-8c0b-6e020557d7bd': 'iCloud Keychain',
  'dd4ec289-e01d-41c9-bb89-70fa845d4bf2': 'iCloud Keychain',
  'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4': 'Google Password Manager',
  'adce0002-35bc-c60a-648b-0b25f1f05503': 'Chrome on Mac',
  '08987058-cadc-4b81-b6e1-30de50dcbe96': 'Windows Hello',
  '9ddd1817-af5a-4672-a2b9-3e3dd95000a9': 'Windows Hello',
  '6028b017-b1d4-4c02-b4b3-afcdafc96bb2': 'Windows Hello',
  '53414d53-554e-4700-0000-000000000000': 'Samsung Pass',
  'bada5566-a7aa-401f-bd96-45619a55120d': '1Password',
  'd548826e-79b4-db40-a3d8-11116f7e8349': 'Bitwarden',
  '531126d6-e717-415c-9320-3d9aa6981239': 'Dashlane',
  'b84e4048-15dc-4dd0-8640-f4f60813c8af': 'NordPass',
  '0ea242b4-43c4-4a1b-8b17-dd6d0b6baec6': 'Keeper',
  '50726f74-6f6e-5061-7373-50726f746f6e': 'Proton Pass',
};

export const defaultPasskeyName = (aaguid: string) => PROVIDER_NAMES[aaguid.toLowerCase()] ?? PASSKEY_DEFAULT_NAME;

/** The user handle a member's passkeys carry: their id's bytes (no email nor name in the authenticator's storage). */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

export function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
    deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  };
}

export interface PasskeyServiceDeps {
  db: Db;
  /** PUBLIC_URL: its hostname is the relying party id, its origin the only origin accepted. */
  publicUrl: string;
  /** What a suspended person learns once their passkey is verified (the sanctions module), as at password sign-in. */
  suspension?: { forSignIn(userId: string): Promise<{ reason: string | null; appealUrl: string | null }> };
  /** The clock of challenges (creation, expiry, the sweep) and of `lastUsedAt`; tests move it. */
  now?: () => number;
}

/**
 * The kinds of key a passkey may have, whatever Node.js runs the server: @simplewebauthn offers ML-DSA-44 first where the
 * runtime can verify it (Node.js 24), and Chromium then makes such keys, whose 2,420-byte signatures no Node.js before 24
 * verifies (nor the request limits of decision 055 admit) — a passkey made after an upgrade must keep working after a
 * move back. Ed25519, P-256 and RSA, the library's own list where post-quantum keys are not offered.
 */
const PASSKEY_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

export function createPasskeyService(deps: PasskeyServiceDeps) {
  const { db } = deps;
  const repo = createPasskeysRepository(db);
  const now = deps.now ?? Date.now;
  const publicUrl = new URL(deps.publicUrl);
  const rpID = publicUrl.hostname;
  const expectedOrigin = publicUrl.origin;

  const challengeGone = () => badRequest(PASSKEY_TEXTS.challengeExpired, { code: 'passkey_challenge_expired' });

  /**
   * The challenge the browser's answer signed, used up here whatever comes next: a second answer to it (a replay, a
   * double submit) finds nothing. Malformed client data reads as `invalid`.
   */
  async function consumeChallenge(clientDataJSON: string, purpose: ChallengePurpose, userId: string | null, invalid: () => Error): Promise<string> {
    let challenge: unknown;
    try {
      challenge = decodeClientDataJSON(clientDataJSON).challenge;
    } catch {
      throw invalid();
    }
    if (typeof challenge !== 'string' || !OUR_CHALLENGE.test(challenge)) throw invalid();
    const found = await repo.consumeChallenge(challenge, purpose, userId);
    if (!found || found.expiresAt.getTime() <= now()) throw challengeGone();
    return challenge;
  }

  async function storeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | null): Promise<void> {
    await repo.insertChallenge({ challenge, purpose, userId, expiresAt: new Date(now() + WEBAUTHN_CHALLENGE_MS) });
  }

  const failed = () => unauthorized(PASSKEY_TEXTS.signInFailed, { code: 'passkey_failed' });
  type Assertion = { newCounter: number; credentialBackedUp: boolean; credentialDeviceType: string; userVerified: boolean };

  /** The passkey's signature over `challenge`, its user handle, origin, relying party and counter, checked. */
  async function verifyAssertion(response: AuthenticationResponseJSON, challenge: string, { passkey, user }: { passkey: PasskeyRow; user: UserRow }): Promise<Assertion> {
    const userHandle = response.response.userHandle;
    if (userHandle !== undefined && userHandle !== isoBase64URL.fromBuffer(userHandleOf(user.id))) throw failed();
    try {
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin,
        expectedRPID: rpID,
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
        requireUserVerification: false,
      });
      if (!verification.verified) throw failed();
      return verification.authenticationInfo;
    } catch {
      throw failed();
    }
  }

  /** The counter, backup state and time of a verified use; refused when another use moved the counter first. */
  async function recordUse(passkey: PasskeyRow, info: Assertion): Promise<void> {
    const recorded = await repo.recordUse(passkey.id, { counter: info.newCounter, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType, at: new Date(now()) });
    if (!recorded) throw failed();
  }

  return {
    async list(userId: string): Promise<Passkey[]> {
      return (await repo.listOf(userId)).map(presentPasskey);
    },

    /**
     * What `navigator.credentials.create()` needs to make a discoverable passkey for this member, none of whose
     * passkeys may be made again (`excludeCredentials`). The caller has checked the recent sign-in.
     */
    async registrationOptions(user: UserRow): Promise<PasskeyRegistrationOptions> {
      const existing = await repo.listOf(user.id);
      if (existing.length >= PASSKEYS_MAX) throw conflict(PASSKEY_TEXTS.tooMany, { code: 'passkey_limit' });
      const options = await generateRegistrationOptions({
        rpName: PASSKEY_RP_NAME,
        rpID,
        userID: userHandleOf(user.id),
        // What the browser's passkey picker shows to tell this account from others on the site.
        userName: user.email ?? user.username ?? user.id,
        userDisplayName: user.username ?? '',
        timeout: WEBAUTHN_CHALLENGE_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
      await storeChallenge(options.challenge, 'registration', user.id);
      return options as PasskeyRegistrationOptions;
    },

    /** Verifies the browser's answer to this member's registration challenge and keeps the passkey. */
    async register(user: UserRow, input: RegisterPasskeyInput): Promise<Passkey> {
      const failed = () => badRequest(PASSKEY_TEXTS.registrationFailed, { code: 'passkey_failed' });
      const response = input.response as RegistrationResponseJSON;
      const challenge = await consumeChallenge(response.response.clientDataJSON, 'registration', user.id, failed);
      let info;
      try {
        const verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin,
          expectedRPID: rpID,
          // Asked for as 'preferred': a security key without a PIN may still be added (sign-in decides what it needs).
          requireUserVerification: false,
        });
        if (!verification.verified) throw failed();
        info = verification.registrationInfo;
      } catch {
        throw failed();
      }
      const { credential } = info;
      try {
        const row = await transaction(db, async (tx) => {
          if ((await repo.lockAndCount(tx, user.id)) >= PASSKEYS_MAX) throw conflict(PASSKEY_TEXTS.tooMany, { code: 'passkey_limit' });
          return repo.insert(tx, {
            id: randomUUID(),
            userId: user.id,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey),
            counter: credential.counter,
            transports: (credential.transports ?? []).slice(0, 10),
            deviceType: info.credentialDeviceType,
            backedUp: info.credentialBackedUp,
            name: input.name ?? defaultPasskeyName(info.aaguid),
          });
        });
        return presentPasskey(row);
      } catch (error) {
        if (isUniqueViolation(error, CREDENTIAL_ID_KEY)) throw conflict(PASSKEY_TEXTS.alreadyAdded, { code: 'passkey_already_added' });
        throw error;
      }
    },

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      const row = await repo.rename(userId, id, name);
      if (!row) throw notFound(PASSKEY_TEXTS.notFound);
      return presentPasskey(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notFound(PASSKEY_TEXTS.notFound);
    },

    /** A sign-in challenge; no `allowCredentials`, so the browser offers every passkey it holds for this site. */
    async authenticationOptions(): Promise<PasskeyAuthenticationOptions> {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred', timeout: WEBAUTHN_CHALLENGE_MS });
      await storeChallenge(options.challenge, 'authentication', null);
      return options as PasskeyAuthenticationOptions;
    },

    /**
     * The member a passkey's answer to a sign-in challenge proves, with the passkey's use recorded. Refused: an
     * unknown passkey (or a deleted member's), a bad signature, origin or relying party, a counter that did not move
     * forward, a banned member (with the reason and appeal link, as after the right password), and, when the member
     * has two-step sign-in on, a passkey that did not verify the person (it replaces both steps). Whether it verified
     * the person comes back too: only then is the session one that began with a second factor (decision 061).
     */
    async authenticate(input: PasskeyAuthenticateInput): Promise<{ user: UserRow; userVerified: boolean }> {
      const response = input.response as AuthenticationResponseJSON;
      const challenge = await consumeChallenge(response.response.clientDataJSON, 'authentication', null, () =>
        badRequest(PASSKEY_TEXTS.signInFailed, { code: 'passkey_failed' }),
      );
      const found = await repo.findByCredentialId(response.id);
      if (!found) throw unauthorized(PASSKEY_TEXTS.unknownPasskey, { code: 'unknown_passkey' });
      const { user } = found;
      const info = await verifyAssertion(response, challenge, found);
      // The reason and the appeal link only now, after the passkey proved the person: nobody else learns why.
      if (user.isBanned) throw forbidden(MESSAGES.suspended, { code: 'account_suspended', details: await deps.suspension?.forSignIn(user.id) });
      if (user.totpEnabledAt !== null && !info.userVerified) throw unauthorized(PASSKEY_TEXTS.userVerificationRequired, { code: 'passkey_failed' });
      await recordUse(found.passkey, info);
      return { user, userVerified: info.userVerified };
    },

    /**
     * A passkey as the second step after the password (decision 061): a challenge bound to the member, offering only
     * their own passkeys (`allowCredentials`), so the browser asks for one of them by name.
     */
    async secondStepOptions(userId: string): Promise<PasskeyAuthenticationOptions> {
      const own = await repo.listOf(userId);
      if (own.length === 0) throw unauthorized(PASSKEY_TEXTS.signInFailed, { code: 'passkey_failed' });
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'preferred',
        timeout: WEBAUTHN_CHALLENGE_MS,
        allowCredentials: own.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
      });
      await storeChallenge(options.challenge, 'authentication', userId);
      return options as PasskeyAuthenticationOptions;
    },

    /**
     * The second step's answer: a challenge made for this member, signed by a passkey of theirs. The password was the
     * first factor, so the passkey counts whether or not it also verified the person. Refused like a sign-in's.
     */
    async verifySecondStep(userId: string, input: PasskeyAuthenticateInput): Promise<void> {
      const response = input.response as AuthenticationResponseJSON;
      const challenge = await consumeChallenge(response.response.clientDataJSON, 'authentication', userId, () =>
        badRequest(PASSKEY_TEXTS.signInFailed, { code: 'passkey_failed' }),
      );
      const found = await repo.findByCredentialId(response.id);
      if (!found || found.user.id !== userId) throw unauthorized(PASSKEY_TEXTS.unknownPasskey, { code: 'unknown_passkey' });
      await recordUse(found.passkey, await verifyAssertion(response, challenge, found));
    },

    /** Housekeeping (hourly, `app.housekeeping()`): deletes the challenges past their five minutes; answers how many. */
    sweep(): Promise<number> {
      return repo.deleteExpiredChallenges(new Date(now()));
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
