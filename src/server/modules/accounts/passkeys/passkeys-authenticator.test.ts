// engines: one — no database
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server';
import { describe, expect, it } from 'vitest';
import { FLAGS, SoftwareAuthenticator } from '#test/support/webauthn.js';

/**
 * The software authenticator of the passkey tests (test/support/webauthn.ts), against @simplewebauthn/server itself:
 * what it makes is what a browser and a real authenticator make, and what it breaks on purpose is refused.
 */
const origin = 'https://market.test';
const rpID = 'market.test';

async function registered(authenticator = new SoftwareAuthenticator({ origin })) {
  const options = await generateRegistrationOptions({ rpName: 'Test', rpID, userName: 'mary', userID: new TextEncoder().encode('user-1') });
  const response = authenticator.create(options);
  const verification = await verifyRegistrationResponse({ response, expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: rpID });
  expect(verification.verified).toBe(true);
  return { authenticator, response, info: verification.registrationInfo! };
}

describe('the software authenticator', () => {
  it("makes a 'none' attestation the library verifies, with its AAGUID, counter and backup flags", async () => {
    const { info } = await registered();
    expect(info.fmt).toBe('none');
    expect(info.aaguid).toBe('00000000-0000-0000-0000-000000000000');
    expect(info.credential.counter).toBe(0);
    expect(info.credentialDeviceType).toBe('singleDevice');
    expect(info.userVerified).toBe(true);

    const synced = await registered(new SoftwareAuthenticator({ origin, synced: true, aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4' }));
    expect(synced.info.aaguid).toBe('ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4');
    expect(synced.info.credentialDeviceType).toBe('multiDevice');
    expect(synced.info.credentialBackedUp).toBe(true);
  });

  it('signs assertions the library verifies, counting up; forged, replayed-counter and misplaced ones are refused', async () => {
    const { authenticator, info } = await registered(new SoftwareAuthenticator({ origin, firstCounter: 3 }));
    const credential = { ...info.credential };
    const verify = async (overrides: Parameters<SoftwareAuthenticator['get']>[1] = {}) => {
      const options = await generateAuthenticationOptions({ rpID });
      const response = authenticator.get(options, overrides);
      return verifyAuthenticationResponse({ response, expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: rpID, credential });
    };
    const first = await verify();
    expect(first.verified).toBe(true);
    expect(first.authenticationInfo.newCounter).toBe(4);
    credential.counter = 4;
    await expect(verify({ counter: 4 })).rejects.toThrow(/counter/i);
    await expect(verify({ signWith: SoftwareAuthenticator.strangerKey() })).resolves.toMatchObject({ verified: false });
    await expect(verify({ origin: 'https://evil.test' })).rejects.toThrow(/origin/i);
    await expect(verify({ rpId: 'evil.test' })).rejects.toThrow(/RP ID/i);
    await expect(verify({ flags: FLAGS.UP })).rejects.toThrow(/verif/i);
    const uvNotRequired = await generateAuthenticationOptions({ rpID });
    const response = authenticator.get(uvNotRequired, { flags: FLAGS.UP });
    const accepted = await verifyAuthenticationResponse({
      response,
      expectedChallenge: uvNotRequired.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential,
      requireUserVerification: false,
    });
    expect(accepted.authenticationInfo.userVerified).toBe(false);
  });
});
