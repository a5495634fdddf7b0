// engines: one
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/texts.js';
import { createTestApp, type TestApp } from '../../test/helpers/app.js';
import { PASSWORD, uniqueEmail } from '../../test/helpers/factories.js';
import { ConfigError, loadConfig } from './config.js';
import { clientAddress } from './lib/client-address.js';

/** Sign-ups, and 'Forgot your password?' requests, allowed per client address in 30 minutes. */
const PER_ADDRESS = 5;

type Budget = 'sign-up' | 'forgot-password';

/**
 * One attempt as it reaches the app: from `peer` (the socket), carrying `forwardedFor` if a proxy added one.
 * 'Forgot your password?' for an unknown address spends the same kind of per-address budget without hashing a password.
 */
async function attempt(t: TestApp, budget: Budget, peer: string, forwardedFor?: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: budget === 'sign-up' ? '/api/auth/register' : '/api/auth/forgot-password',
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: budget === 'sign-up' ? { email: uniqueEmail('proxied'), password: PASSWORD } : { email: uniqueEmail('nobody') },
  });
  if (res.statusCode === 429) expect(res.json()).toEqual({ message: MESSAGES.tooManyRequests, code: 'rate_limited' });
  return res.statusCode === 201 || res.statusCode === 202 ? 200 : res.statusCode;
}

/** Spends a whole budget through `send`, then returns the status of one more attempt. */
async function exhaust(send: (n: number) => Promise<number>): Promise<number> {
  for (let n = 0; n < PER_ADDRESS; n++) expect(await send(n)).toBe(200);
  return send(PER_ADDRESS);
}

let spoofed = 0;
/** A different made-up leftmost X-Forwarded-For entry every call: what a client resetting its budget sends. */
const forged = () => `198.18.${Math.floor(++spoofed / 250)}.${(spoofed % 250) + 1}`;

describe('the rate-limit key of a client address', () => {
  it('keeps IPv4 as it is, folds IPv4-mapped IPv6 to IPv4 and cuts other IPv6 to its /64', () => {
    expect(clientAddress({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(clientAddress({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    expect(clientAddress({ ip: '::ffff:cb00:7107' })).toBe('203.0.113.7');
    expect(clientAddress({ ip: '2001:db8:1:2::a' })).toBe('2001:db8:1:2::/64');
    expect(clientAddress({ ip: '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff' })).toBe('2001:db8:1:2::/64');
    expect(clientAddress({ ip: 'fe80::1%eth0' })).toBe('fe80:0:0:0::/64');
    expect(clientAddress({ ip: '2001:db8:1:3::a' })).not.toBe(clientAddress({ ip: '2001:db8:1:2::a' }));
    expect(clientAddress({})).toBe('unknown');
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of proxy addresses and ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,fd00::/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', 'loopback']);
  });

  it('refuses true, which would trust every hop, and anything that is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every hop/);
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.300', 'proxy.internal', '10.0.0.0/8/1', '::1/129', ',', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.internal' })).toThrow(/not an address: proxy\.internal/);
  });
});

describe('per-address budgets behind one proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it.each<Budget>(['sign-up', 'forgot-password'])('counts the address the proxy saw, whatever the client wrote to the left of it (%s)', async (budget) => {
    const client = budget === 'sign-up' ? '203.0.113.10' : '203.0.113.13';
    expect(await exhaust(() => attempt(t, budget, '10.0.0.2', `${forged()}, ${client}`))).toBe(429);
    expect(await attempt(t, budget, '10.0.0.2', client)).toBe(429);
    // Another client behind the same proxy keeps its own budget.
    expect(await attempt(t, budget, '10.0.0.2', `${forged()}, 203.0.113.11`)).toBe(200);
  });

  it('counts IPv6 clients per /64, and an IPv4-mapped address as the IPv4 address', async () => {
    expect(await exhaust((n) => attempt(t, 'forgot-password', '10.0.0.2', `2001:db8:77:1::${n + 1}`))).toBe(429);
    expect(await attempt(t, 'forgot-password', '10.0.0.2', '2001:db8:77:1:ffff::1')).toBe(429);
    expect(await attempt(t, 'forgot-password', '10.0.0.2', '2001:db8:77:2::1')).toBe(200);

    expect(await exhaust(() => attempt(t, 'forgot-password', '10.0.0.2', '203.0.113.12'))).toBe(429);
    expect(await attempt(t, 'forgot-password', '10.0.0.2', '::ffff:203.0.113.12')).toBe(429);
  });
});

describe('per-address budgets behind listed proxies (TRUST_PROXY=10.0.0.0/8,127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });
  });
  afterAll(() => t.close());

  it('walks back through every listed proxy to the first address outside them', async () => {
    // Client → edge proxy 10.9.9.9 → inner proxy (the peer); each proxy appended the address it saw.
    const status = await exhaust((n) => attempt(t, 'forgot-password', `10.1.1.${n + 1}`, `${forged()}, 203.0.113.20, 10.9.9.9`));
    expect(status).toBe(429);
    expect(await attempt(t, 'forgot-password', '127.0.0.1', '203.0.113.20')).toBe(429);
    expect(await attempt(t, 'forgot-password', '10.1.1.1', `${forged()}, 203.0.113.21, 10.9.9.9`)).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    expect(await exhaust(() => attempt(t, 'forgot-password', '198.51.100.30', forged()))).toBe(429);
  });
});

describe('per-address budgets without a proxy (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For and shares one budget across a /64', async () => {
    expect(await exhaust(() => attempt(t, 'forgot-password', '198.51.100.40', forged()))).toBe(429);
    expect(await exhaust((n) => attempt(t, 'forgot-password', `2001:db8:99:5::${(n + 1).toString(16)}`))).toBe(429);
    expect(await attempt(t, 'forgot-password', '2001:db8:99:5:8000::1')).toBe(429);
    expect(await attempt(t, 'forgot-password', '2001:db8:99:6::1')).toBe(200);
  });
});
