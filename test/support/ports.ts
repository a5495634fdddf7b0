import { createServer } from 'node:net';

/** Linux hands out ports from 32768 up for outgoing connections; a child server's port is chosen below them. */
const LOWEST = 20_000;
const BELOW_EPHEMERAL = 32_768;

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * The first of `count` consecutive ports on 127.0.0.1 that are free now, for servers a test starts as child
 * processes: below the ephemeral range, so no connection this machine makes (to PostgreSQL, say) can be holding one
 * by the time the child listens, and picked at random so that test files running side by side rarely meet.
 */
export async function childServerPorts(count = 1): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = LOWEST + Math.floor(Math.random() * (BELOW_EPHEMERAL - LOWEST - count));
    const ports = Array.from({ length: count }, (_, n) => base + n);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error(`no ${count} free consecutive ports between ${LOWEST} and ${BELOW_EPHEMERAL}`);
}
