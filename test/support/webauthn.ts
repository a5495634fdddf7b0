import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator (decision 055): what a browser and a platform authenticator answer to
 * `navigator.credentials.create()` and `.get()`, made here so the server's passkey routes are tested end to end
 * without a browser. ES256 keys from node:crypto; 'none' attestation in CBOR (the library's own encoder); client data
 * as a browser writes it. Every part a test may want wrong (origin, relying party, counter, flags, signature) can be.
 */

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40, ED: 0x80 } as const;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface StoredCredential {
  id: string;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface SoftwareAuthenticatorOptions {
  /** The page's origin the browser writes into the client data, e.g. 'http://localhost:3000'. */
  origin: string;
  /** AAGUID of the authenticator model ('00000000-…' when unnamed, as most privacy-minded ones answer). */
  aaguid?: string;
  /** Synced passkeys: backup eligible and backed up (BE and BS), counters stay 0. */
  synced?: boolean;
  /** Counters start here and grow by one per use, as a security key's do (ignored when synced). */
  firstCounter?: number;
}

/** What a test may change about one ceremony, to see the server refuse it. */
export interface CeremonyOverrides {
  origin?: string;
  /** The relying party the authenticator hashes into its data (defaults to the options'). */
  rpId?: string;
  /** The challenge signed (defaults to the options'). */
  challenge?: string;
  /** The counter reported (defaults to the credential's next). */
  counter?: number;
  /** Flags instead of the usual UP | UV (and BE | BS when synced, AT for registration). */
  flags?: number;
  type?: string;
  /** Sign with another key (a forged assertion). */
  signWith?: KeyObject;
  /** Omit the user handle from an assertion. */
  noUserHandle?: boolean;
}

/** A value the library's CBOR encoder takes. */
type Cbor = Parameters<typeof isoCBOR.encode>[0];

const ZERO_AAGUID = '00000000-0000-0000-0000-000000000000';

export class SoftwareAuthenticator {
  readonly credentials = new Map<string, StoredCredential>();
  private readonly aaguid: Buffer;

  constructor(readonly options: SoftwareAuthenticatorOptions) {
    this.aaguid = Buffer.from((options.aaguid ?? ZERO_AAGUID).replaceAll('-', ''), 'hex');
  }

  private clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private defaultFlags(): number {
    return FLAGS.UP | FLAGS.UV | (this.options.synced ? FLAGS.BE | FLAGS.BS : 0);
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private nextCounter(credential: StoredCredential): number {
    if (this.options.synced) return 0;
    credential.counter += 1;
    return credential.counter;
  }

  /** Makes a new credential for the options, as `navigator.credentials.create()` with 'none' attestation. */
  create(options: PublicKeyCredentialCreationOptionsJSON, overrides: CeremonyOverrides = {}): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.options.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = isoCBOR.encode(
      new Map<string | number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([this.aaguid, idLength, credentialId, Buffer.from(coseKey)]);
    const counter = overrides.counter ?? (this.options.synced ? 0 : (this.options.firstCounter ?? 0));
    const flags = overrides.flags ?? this.defaultFlags() | FLAGS.AT;
    const authData = this.authenticatorData(rpId, flags, counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string | number, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string | number, Cbor>()],
        ['authData', authData],
      ]),
    );
    const id = b64url(credentialId);
    this.credentials.set(id, { id, privateKey, rpId, userHandle: options.user.id, counter });
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.create', overrides.challenge ?? options.challenge, overrides.origin ?? this.options.origin);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal', 'hybrid'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /**
   * Signs the options' challenge with a credential, as `navigator.credentials.get()`: `credentialId` picks one (the
   * person's choice in the browser's dialog), else the only one held for the relying party.
   */
  get(options: PublicKeyCredentialRequestOptionsJSON, overrides: CeremonyOverrides & { credentialId?: string } = {}): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.options.origin).hostname;
    const credential = overrides.credentialId ? this.credentials.get(overrides.credentialId) : [...this.credentials.values()].find((c) => c.rpId === rpId);
    if (!credential) throw new Error(`the software authenticator holds no credential for ${rpId}`);
    const counter = overrides.counter ?? this.nextCounter(credential);
    const authData = this.authenticatorData(overrides.rpId ?? credential.rpId, overrides.flags ?? this.defaultFlags(), counter);
    const clientDataJSON = this.clientData(overrides.type ?? 'webauthn.get', overrides.challenge ?? options.challenge, overrides.origin ?? this.options.origin);
    // ES256 over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded as authenticators send it.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), overrides.signWith ?? credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(!overrides.noUserHandle && { userHandle: credential.userHandle }),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** A key pair the server has never seen, to forge signatures with. */
  static strangerKey(): KeyObject {
    return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  }
}
