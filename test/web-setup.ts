import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installFetchStub, verifyFetchStub } from '../src/web/test-support/fetch-stub.js';
import { clearToasts } from '../src/web/test-support/render.js';

/**
 * The web project's per-file setup (after setup-env.ts, whose loud console applies here too). Without test
 * globals, @testing-library/react neither unmounts after each test nor tells React it runs under act(): both here.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  installFetchStub();
});

afterEach(() => {
  clearToasts();
  cleanup();
  verifyFetchStub();
});
