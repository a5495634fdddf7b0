// engines: one — no database
import dns from 'node:dns';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoRefusedConnections, NetworkGuardError, takeRefusedConnections } from './support/network-guard.js';

/** The guard installed by test/setup-network-guard.ts, proven: outside hosts are refused, this machine is not. */

// 203.0.113.0/24 is TEST-NET-3 (RFC 5737): documentation only, never routed, so nothing is reached even without a guard.
const OUTSIDE = '203.0.113.1';
const REFUSED = /^Network guard: connect 203\.0\.113\.1:80 refused\. Tests may only reach this machine/;

let server: net.Server;
let port: number;
const socketDir = mkdtempSync(join(tmpdir(), 'network-guard-'));
const socketPath = join(socketDir, 'echo.sock');
let unixServer: net.Server;
beforeAll(async () => {
  const listen = (s: net.Server, ...args: unknown[]) =>
    new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      (s.listen as (...a: unknown[]) => void)(...args, () => resolve());
    });
  server = net.createServer((socket) => socket.end('hello'));
  await listen(server, 0, '127.0.0.1');
  port = (server.address() as net.AddressInfo).port;
  unixServer = net.createServer((socket) => socket.end('hello'));
  await listen(unixServer, socketPath);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => unixServer.close(resolve));
  rmSync(socketDir, { recursive: true, force: true });
});

/** Reads what the server says on the socket `open` connects, until it closes. */
function greeting(open: () => net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const socket = open();
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}

describe('a connection to another host', () => {
  it('is refused by net.connect, with the guard’s error, before any packet leaves', () => {
    expect(() => net.connect(80, OUTSIDE)).toThrow(REFUSED);
    expect(() => net.connect({ host: OUTSIDE, port: 80 })).toThrow(NetworkGuardError);
    expect(() => new net.Socket().connect(80, OUTSIDE)).toThrow(REFUSED);
    expect(takeRefusedConnections()).toEqual([`connect ${OUTSIDE}:80`, `connect ${OUTSIDE}:80`, `connect ${OUTSIDE}:80`]);
  });

  it('is refused by tls.connect and by fetch', async () => {
    expect(() => tls.connect({ host: OUTSIDE, port: 443 })).toThrow(NetworkGuardError);
    const failed = await fetch(`http://${OUTSIDE}/`).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failed?.cause).toBeInstanceOf(NetworkGuardError);
    expect(takeRefusedConnections()).toEqual([`connect ${OUTSIDE}:443`, `connect ${OUTSIDE}:80`]);
  });

  it('by name is refused before its DNS lookup', async () => {
    expect(() => net.connect(443, 'example.com')).toThrow(/^Network guard: connect example\.com:443 refused\./);
    const error = await new Promise<Error | null>((resolve) => dns.lookup('example.com', (e) => resolve(e)));
    expect(error).toBeInstanceOf(NetworkGuardError);
    await expect(dns.promises.lookup('example.com')).rejects.toThrow(/^Network guard: DNS lookup of example\.com refused\./);
    expect(takeRefusedConnections()).toEqual(['connect example.com:443', 'DNS lookup of example.com', 'DNS lookup of example.com']);
  });

  it('fails the test even when the code under test catches the error', () => {
    try {
      net.connect(80, OUTSIDE);
    } catch {
      // Swallowed, as a retrying client would.
    }
    // What the setup file's afterEach runs after every test.
    expect(() => assertNoRefusedConnections()).toThrow(/^Network guard: this test tried connect 203\.0\.113\.1:80, and was refused/);
    expect(() => assertNoRefusedConnections()).not.toThrow();
  });
});

describe('a connection to this machine', () => {
  it('is allowed to 127.0.0.1, to localhost and through a unix socket', async () => {
    expect(await greeting(() => net.connect(port, '127.0.0.1'))).toBe('hello');
    expect(await greeting(() => net.connect({ port, host: 'localhost', family: 4 }))).toBe('hello');
    expect(await greeting(() => net.connect(socketPath))).toBe('hello');
    const lookedUp = await dns.promises.lookup('localhost', { family: 4 });
    expect(lookedUp.address).toMatch(/^127\./);
    expect(takeRefusedConnections()).toEqual([]);
  });

  it('over HTTP with fetch', async () => {
    const web = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    try {
      const { port: webPort } = web.address() as net.AddressInfo;
      expect(await (await fetch(`http://127.0.0.1:${webPort}/`)).text()).toBe('ok');
    } finally {
      await new Promise((resolve) => web.close(resolve));
    }
  });
});
