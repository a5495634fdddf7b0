import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import { randomIp } from '#test/helpers/factories.js';

/** Test helpers of two-step sign-in (decision 054): codes computed here as an authenticator app would. */

export const STEP_MS = 30_000;

/** The 6-digit code of `secret` (base32) for the moment `at` (milliseconds). */
export const codeAt = (secret: string, at: number) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: at });

/** Waits, when the current 30-second step ends within `marginMs`, for the next one: a code of a step next to it stays next to it. */
export async function awayFromStepEdge(marginMs = 6_000): Promise<void> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/** The pending second-step cookie a login answer set, as a Cookie header pair. */
export function pendingCookieFrom(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'csm_second_step' || c.name === '__Host-csm_second_step');
  if (!cookie) throw new Error(`no pending second-step cookie in the ${res.statusCode} answer: ${res.body}`);
  return `${cookie.name}=${cookie.value}`;
}

export const post = (app: FastifyInstance, url: string, payload?: object, cookie?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...headers, ...(cookie && { cookie }) }, ...(payload && { payload }), remoteAddress: randomIp() });

/** Sets up and turns on two-step sign-in for the signed-in `cookie`; answers the secret and the recovery codes. */
export async function enableTwoStep(app: FastifyInstance, cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post(app, '/api/auth/totp/setup', {}, cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enable = await post(app, '/api/auth/totp/enable', { code: codeAt(secret, Date.now()) }, cookie);
  expect(enable.statusCode, enable.body).toBe(200);
  return { secret, recoveryCodes: enable.json<{ recoveryCodes: string[] }>().recoveryCodes };
}
