// Tests fail loudly on an outbound connection (STYLE.md example 9): a server test that reaches for any host but this
// machine would pass or fail with the network of whoever runs it. Installed for every server test file by
// test/setup-network-guard.ts. Child processes a test starts (the server process tests) are not covered.
import dns from 'node:dns';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';
import { isLoopbackHost, isLoopbackName } from './loopback.js';

const ONLY_LOCAL = 'Tests may only reach this machine (127.0.0.0/8, ::1, localhost, unix sockets); see test/support/network-guard.ts.';

export class NetworkGuardError extends Error {
  readonly code = 'ERR_TEST_NETWORK_GUARD';
  constructor(message: string) {
    super(`Network guard: ${message} ${ONLY_LOCAL}`);
    this.name = 'NetworkGuardError';
  }
}

interface GuardState {
  installed: boolean;
  /** What was refused since the last check, e.g. `connect 203.0.113.1:80`. */
  refused: string[];
}

// Kept on the process, not in this module: a test file and the setup file may load this module as two instances.
const KEY = Symbol.for('community-services-marketplace.network-guard');
const state = ((globalThis as Record<symbol, GuardState | undefined>)[KEY] ??= { installed: false, refused: [] });

function refuse(what: string): NetworkGuardError {
  state.refused.push(what);
  return new NetworkGuardError(`${what} refused.`);
}

interface Target {
  host: string;
  port: unknown;
}

/** Where Socket#connect's arguments point; undefined for a unix socket or a Windows pipe. */
function targetOf(args: unknown[]): Target | undefined {
  // net.connect() hands Socket#connect its arguments already normalized, as one array.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as { path?: unknown; host?: unknown; port?: unknown };
    if (options.path) return undefined;
    return { host: typeof options.host === 'string' && options.host ? options.host : 'localhost', port: options.port };
  }
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    return { host: typeof args[1] === 'string' && args[1] ? args[1] : 'localhost', port: first };
  }
  return undefined;
}

export function installNetworkGuard(): void {
  if (state.installed) return;
  state.installed = true;

  // Every TCP client goes through here: net.connect, tls.connect (a TLSSocket is a Socket), http(s) agents, undici's
  // fetch, pg, nodemailer. Refused before any lookup or packet, with a throw the caller sees at once.
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const target = targetOf(args);
    if (target && !isLoopbackHost(target.host)) throw refuse(`connect ${target.host}:${String(target.port)}`);
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;

  // A name other than localhost is not even looked up: the query itself would leave the machine.
  const lookup = dns.lookup;
  dns.lookup = function guardedLookup(hostname: string, ...rest: unknown[]) {
    if (typeof hostname === 'string' && !isLoopbackName(hostname) && !net.isIP(hostname)) {
      const callback = rest.at(-1);
      const error = refuse(`DNS lookup of ${hostname}`);
      if (typeof callback !== 'function') throw error;
      process.nextTick(callback as (e: Error) => void, error);
      return {} as never;
    }
    return (lookup as (...a: unknown[]) => unknown).call(dns, hostname, ...rest);
  } as typeof dns.lookup;
  const lookupPromise = dns.promises.lookup;
  dns.promises.lookup = function guardedLookupPromise(hostname: string, ...rest: unknown[]) {
    if (typeof hostname === 'string' && !isLoopbackName(hostname) && !net.isIP(hostname)) {
      return Promise.reject(refuse(`DNS lookup of ${hostname}`));
    }
    return (lookupPromise as (...a: unknown[]) => Promise<unknown>).call(dns.promises, hostname, ...rest);
  } as typeof dns.promises.lookup;
  // `import { lookup } from 'node:dns'` reads the patched function too.
  syncBuiltinESMExports();
}

/** What the guard refused since the last call, and forgets it: for a test that provokes the guard on purpose. */
export function takeRefusedConnections(): string[] {
  return state.refused.splice(0);
}

/** Throws if anything was refused since the last check, even when the code under test caught the guard's error. */
export function assertNoRefusedConnections(): void {
  const refused = takeRefusedConnections();
  if (refused.length > 0) {
    throw new NetworkGuardError(`this test tried ${refused.join(', ')}, and was refused (the code under test may have caught the error).`);
  }
}
