import { afterEach } from 'vitest';
import { assertNoRefusedConnections, installNetworkGuard } from './support/network-guard.js';

// A connection to a host other than this machine throws where it is made, and fails the test even when the code
// under test catches that error (a mail transport retrying, say).
installNetworkGuard();
afterEach(() => {
  assertNoRefusedConnections();
});
